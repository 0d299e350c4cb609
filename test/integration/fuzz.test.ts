/**
 * Every procedure of the app router, found by walking the router itself, gets hostile inputs
 * through the real server: wrong types, huge, negative, fractional and non-finite numbers, NUL and
 * lone surrogates, prototype keys, 1 MB strings, deep nesting, unknown fields, forged superjson
 * metadata. The server never answers 5xx, every refusal names a message id of locales/en.json,
 * every recorded event still fits its schema, and the server still serves afterwards.
 *
 * `npm test` sends a few hundred inputs per procedure; `npm run fuzz` (FUZZ_RUNS=10000) sends
 * 10,000 and prints `fuzz: N inputs, M procedures, K server errors`. FC_SEED replays a run; a
 * failing seed is pinned as a named test in hardening.test.ts.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import english from '../../locales/en.json';
import type { RunningServer } from '../../src-server/main';
import { appRouter } from '../../src-server/trpc/router';
import { beerEventSchemas, classicConfigInput } from '../../src-shared/beergame';
import { leanEventSchemas } from '../../src-shared/leangame';
import { formatJoinCode, joinCodeOf } from '../../src-shared/rules/join-code';
import { sessionEventSchemas } from '../../src-shared/session';
import { freshDatabase, type TestDatabase } from '../support/database';
import { assertAsyncProperty } from '../support/property';
import {
  type ApiUser,
  rawRequest,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
} from '../support/server';

// 200 a procedure keeps `npm test` under 20 minutes on a slow machine (the file was 265 s of it at
// 300); every run draws new seeds, and `npm run fuzz` sends 10,000.
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const KNOWN_MESSAGES = new Set(Object.keys(english));
const PROTOTYPE_KEYS = ['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

interface Procedure {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  /** The input's field names, from its zod object schemas. */
  fields: string[];
}
const procedures: Procedure[] = Object.entries(
  appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: Procedure['type']; inputs: { shape?: object }[] } }
  >,
).map(([path, procedure]) => ({
  path,
  type: procedure._def.type,
  fields: [...new Set(procedure._def.inputs.flatMap((input) => Object.keys(input.shape ?? {})))],
}));

// ----- hostile values -----

const hostileString = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.string({
    unit: fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202e', '\u0085', '\n', '\t', 'a', '%'),
  }),
  fc.constantFrom(
    ...PROTOTYPE_KEYS,
    '',
    '   ',
    'a\u0000b',
    '\ud800',
    'x'.repeat(1024 * 1024),
    'y'.repeat(70 * 1024),
    '<script>alert(1)</script>',
    "'; drop table events; --",
    '../../etc/passwd',
    '1e308',
    'NaN',
    'p01',
  ),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    1e308,
    -1e308,
    2 ** 53 + 2,
    -1,
    -0,
    0.5,
    2.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1_000_000,
  ),
);
const hostileLeaf = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constantFrom(null, undefined),
  fc.bigInt(),
  fc.date({ noInvalidDate: false }),
  fc.constant(new Map([['gameId', 'x']])),
  fc.constant(new Set([1, 2])),
);
const hostileKey = fc.oneof(fc.string(), fc.constantFrom(...PROTOTYPE_KEYS));
const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileLeaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4, noNullPrototype: false }),
  ),
}));

// ----- plausible values, by field name: they take a call past validation, deeper into the code -----

let gameId = '';
let leanGameId = '';
const VALID: Record<string, fc.Arbitrary<unknown>> = {
  gameId: fc.oneof(
    fc.constant(null).map(() => gameId),
    fc.constant(null).map(() => leanGameId),
    fc.constant('no-such-game'),
  ),
  facilityId: fc.constantFrom('retailer', 'wholesaler', 'distributor', 'factory', 'warehouse', 'paint1'),
  // The lean game's floor and panel commands.
  command: fc.constantFrom(
    { type: 'ReleaseSheet', facilityId: 'warehouse' },
    { type: 'SendBatch', facilityId: 'warehouse' },
    { type: 'PickUpBatch', facilityId: 'paint1' },
    { type: 'PerformOperation', facilityId: 'paint1', productId: 'p0', target: 4 },
    { type: 'RemoveDefect', facilityId: 'qc', productId: 'p1', opIndex: 0 },
    { type: 'EnableImprovement', improvement: 'batch' },
    { type: 'SetBatchSize', batchSize: 2 },
    { type: 'MoveStation', facilityId: 'qc', position: { row: 1, column: 1 } },
  ),
  commandId: fc.uuid(),
  quantity: fc.integer({ min: 0, max: 40 }),
  name: fc.constantFrom('Class A', 'Week 3'),
  template: fc.constantFrom('classic', 'lostSales', 'workshop4-choose', 'no-such-template'),
  templateId: fc.constantFrom('classic', 'severalProducts', 'factory7-lean', 'no-such-template'),
  title: fc.constantFrom('My template', 'Week 3 (copy)'),
  description: fc.constantFrom('', 'For the second-year class.'),
  config: fc.constantFrom(
    classicConfigInput(),
    { weeks: 10, facilities: [] },
    { facilities: {} },
    { weeks: 10, facilities: [{ id: 'a', name: 'A' }] },
    { consumerDemand: [4, 8] },
  ),
  timerSeconds: fc.constantFrom(5, 60, 86_400),
  minutes: fc.constantFrom(5, 9, 15, 60),
  cursor: fc.nat(100),
  draft: fc.boolean(),
  week: fc.integer({ min: 1, max: 40 }),
  facilityIds: fc.constantFrom(['retailer'], ['wholesaler', 'factory']),
  field: fc.constantFrom('consumerDemand', 'leadtime', 'stockCost'),
  value: fc.constantFrom(0, 3, 7, 12.5),
  changeId: fc.constantFrom('c1', 'c2'),
  pid: fc.constant('p1'),
  lastEventId: fc.constantFrom(null, '0', '1', '999'),
  // Never the game alone with a matching count: the fuzz does not delete the game it plays.
  gameIds: fc.constantFrom(null, 'no-such-game').map((other) => (other ? [gameId, other] : [gameId])),
  confirmCount: fc.constantFrom(0, 2, 3),
  count: fc.integer({ min: 1, max: 3 }),
  locale: fc.constantFrom('en', 'fr', 'cs'),
  archived: fc.boolean(),
  type: fc.constantFrom('beergame', 'leangame'),
  search: fc.constantFrom('Class', '%', '_'),
  // A join code: the played game's, as people type it, or one that names nothing.
  code: fc.oneof(
    fc.constant(null).map(() => joinCodeOf(gameId)),
    fc.constant(null).map(() => formatJoinCode(joinCodeOf(gameId)).toLowerCase()),
    fc.constantFrom('3479AC', 'O0O-1IL'),
  ),
};

/** An input of `procedure`: its fields, each plausible or hostile, maybe with unknown ones; or anything. */
const inputFor = (procedure: Procedure) =>
  fc.oneof(
    { weight: 1, arbitrary: hostileValue },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.record(
            Object.fromEntries(
              procedure.fields.map((field) => [field, fc.oneof(VALID[field] ?? hostileValue, hostileValue)]),
            ),
            { requiredKeys: [] },
          ),
          fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 }),
        )
        .map(([fields, unknown]) => ({ ...unknown, ...fields })),
    },
  );

/** superjson's metadata, which tells the server how to revive values: forged, it must not hurt. */
const forgedMeta = fc.oneof(
  fc.constant(undefined),
  fc.record(
    {
      values: fc.dictionary(
        fc.constantFrom('gameId', 'quantity', '__proto__', '__proto__.polluted', 'constructor.prototype', ''),
        fc.oneof(
          fc.constantFrom('undefined', 'bigint', 'Date', 'regexp', 'set', 'map', 'number', 'symbol'),
          fc.constant(['class', 'Object']),
          fc.constant(['custom', 'nope']),
          fc.jsonValue(),
        ),
        { maxKeys: 3 },
      ),
      referentialEqualities: fc.dictionary(
        fc.constantFrom('gameId', '__proto__', 'constructor'),
        fc.array(fc.constantFrom('quantity', '__proto__.x', 'constructor.prototype.y')),
        { maxKeys: 2 },
      ),
      v: fc.constantFrom(1, 2, 'x'),
    },
    { requiredKeys: [] },
  ),
);

/**
 * The input as the client's superjson encodes it; superjson refuses to encode a prototype key,
 * which a hostile client sends anyway, as plain JSON.
 */
function encode(input: unknown): { json: unknown; meta?: unknown } {
  try {
    return superjson.serialize(input) as { json: unknown; meta?: unknown };
  } catch {
    const plain = JSON.stringify(input, (_key, value: unknown) =>
      typeof value === 'bigint'
        ? value.toString()
        : value instanceof Map || value instanceof Set
          ? [...value]
          : value,
    );
    return { json: plain === undefined ? null : JSON.parse(plain) };
  }
}

// ----- the server, its callers, and what counts as a good answer -----

let database: TestDatabase;
let server: RunningServer;
let origin: string;
const callers: Record<'creator' | 'player' | 'nobody', string> = { creator: '', player: '', nobody: '' };
const users: ApiUser[] = [];
/** Inputs sent and server errors met, for the procedures and for better-auth's endpoints. */
const tally = { procedures: { inputs: 0, serverErrors: 0 }, auth: { inputs: 0, serverErrors: 0 } };

/** Whether an answer is a good one: never a 5xx, and a refusal named by a message id. */
function wellRefused(
  status: number,
  data: { messageId?: unknown } | undefined,
  context: string,
  counts = tally.procedures,
): boolean {
  counts.inputs++;
  if (status >= 500) {
    counts.serverErrors++;
    console.error(`fuzz: ${status} for ${context.slice(0, 500)}`);
    return false;
  }
  if (status >= 400 && !(typeof data?.messageId === 'string' && KNOWN_MESSAGES.has(data.messageId))) {
    console.error(
      `fuzz: ${status} without a known message id (${JSON.stringify(data)}) for ${context.slice(0, 500)}`,
    );
    return false;
  }
  return true;
}

/** The request the client would make for `procedure`, with a body (or query) sent as is. */
async function callOverHttp(procedure: Procedure, body: string, cookie: string): Promise<boolean> {
  const headers = cookie ? { cookie } : undefined;
  const answer =
    procedure.type === 'query'
      ? await rawRequest(server.url, `/api/trpc/${procedure.path}?input=${encodeURIComponent(body)}`, {
          method: 'GET',
          headers,
        })
      : await rawRequest(server.url, `/api/trpc/${procedure.path}`, { body, headers });
  // A URL longer than Node's header limit is refused by its HTTP parser, before any of our code.
  if (answer.status === 431 && body.length > 8 * 1024)
    return wellRefused(400, { messageId: 'errors.invalidInput' }, '');
  const data = (answer.body as { error?: { json?: { data?: { messageId?: string } } } } | null)?.error?.json
    ?.data;
  return wellRefused(answer.status, data, `${procedure.path} ${answer.status} ${body}`);
}

/** One WebSocket per caller, reused across subscriptions, each stopped after its first answer. */
class SubscriptionProbe {
  private socket: WebSocket | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, (message: Record<string, unknown>) => void>();

  constructor(private readonly cookie: string) {}

  private async open(): Promise<WebSocket> {
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/api/trpc`, {
      headers: { origin, ...(this.cookie ? { cookie: this.cookie } : {}) },
    });
    socket.on('message', (raw) => {
      // The server's keep-alive pings a socket silent for 5 s; a client answers.
      if (String(raw) === 'PING') return socket.send('PONG');
      const message = JSON.parse(String(raw)) as { id?: number | null };
      // A message the server could not parse is answered with `id: null`: it is the answer to the
      // one subscription waiting.
      const id = message.id ?? [...this.waiting.keys()][0];
      if (id !== undefined) this.waiting.get(id)?.(message);
    });
    // A message over MAX_BODY_BYTES closes the socket (1009, too big): the transport's refusal.
    socket.on('close', (code) => {
      for (const answer of this.waiting.values())
        answer(
          code === 1009
            ? { error: { json: { data: { httpStatus: 413, messageId: 'errors.payloadTooLarge' } } } }
            : {},
        );
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    this.socket = socket;
    return socket;
  }

  /** Subscribes with `input` (already encoded) and resolves with the first error or data. */
  async first(path: string, input: unknown): Promise<{ status: number; data?: { messageId?: string } }> {
    const socket = this.socket?.readyState === WebSocket.OPEN ? this.socket : await this.open();
    const id = this.nextId++;
    const answer = new Promise<{ status: number; data?: { messageId?: string } }>((resolve) => {
      // No answer at all is a failure (a 504 of sorts); once started, a subscription that has
      // nothing new to show (lastEventId ahead) stays quiet, which is right.
      let timer = setTimeout(() => resolve({ status: 504 }), 5000);
      this.waiting.set(id, (message) => {
        const error = message.error as
          | { json?: { data?: { httpStatus?: number; messageId?: string } } }
          | undefined;
        const result = message.result as { type?: string } | undefined;
        clearTimeout(timer);
        if (error) resolve({ status: error.json?.data?.httpStatus ?? 500, data: error.json?.data });
        else if (result?.type === 'started') timer = setTimeout(() => resolve({ status: 200 }), 200);
        else resolve({ status: 200 });
      });
    });
    socket.send(JSON.stringify({ id, method: 'subscription', params: { path, input } }));
    const outcome = await answer;
    this.waiting.delete(id);
    socket.send(JSON.stringify({ id, method: 'subscription.stop' }));
    return outcome;
  }

  close(): void {
    this.socket?.close();
  }
}
const probes: Partial<Record<keyof typeof callers, SubscriptionProbe>> = {};

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    // Valid creations are part of the fuzz: the cap on them is tested in hardening.test.ts.
    limits: { gameCreations: { max: 1_000_000, windowSeconds: 60 } },
  });
  origin = server.url.replace('localhost', '127.0.0.1');
  const creator = await signUpInstructor(server.url, 'fuzz@example.org');
  const player = await signInAnonymous(server.url, 'Fuzz');
  users.push(creator, player);
  ({ gameId } = await creator.api.beergame.create.mutate({ name: 'Fuzzed', template: 'classic' }));
  await player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
  ({ gameId: leanGameId } = await creator.api.leangame.create.mutate({
    name: 'Fuzzed workshop',
    template: 'workshop4-choose',
  }));
  await player.api.leangame.join.mutate({
    gameId: leanGameId,
    facilityId: 'warehouse',
    commandId: randomUUID(),
  });
  callers.creator = creator.cookie;
  callers.player = player.cookie;
}, 120_000);

afterAll(async () => {
  console.log(
    `fuzz: ${tally.procedures.inputs} inputs, ${procedures.length} procedures, ${tally.procedures.serverErrors} server errors`,
  );
  console.log(
    `fuzz: ${tally.auth.inputs} requests, ${Object.keys(AUTH_ENDPOINTS).length} better-auth endpoints, ${tally.auth.serverErrors} server errors`,
  );
  for (const probe of Object.values(probes)) probe?.close();
  for (const user of users) user.close();
  await server.close();
  await database.drop();
});

/** Per test: the runs, and time for them (a 1 MB string takes a while, 10,000 runs longer). */
const TIMEOUT = 60_000 + RUNS * 150;

describe.each(procedures)('$path', (procedure) => {
  it(
    'answers hostile inputs without a server error, with a message id',
    async () => {
      await assertAsyncProperty(
        fc.asyncProperty(
          inputFor(procedure),
          forgedMeta,
          fc.constantFrom<keyof typeof callers>('creator', 'player', 'nobody'),
          async (input, meta, caller) => {
            const encoded = encode(input);
            const payload = meta === undefined ? encoded : { json: encoded.json, meta };
            if (procedure.type !== 'subscription')
              return callOverHttp(procedure, JSON.stringify(payload), callers[caller]);
            probes[caller] ??= new SubscriptionProbe(callers[caller]);
            const { status, data } = await probes[caller].first(procedure.path, payload);
            return wellRefused(status, data, `${procedure.path} ${JSON.stringify(payload)}`);
          },
        ),
        { numRuns: RUNS },
      );
    },
    TIMEOUT,
  );
});

/** better-auth's endpoints that take what people type: never a 5xx, a refusal in JSON. */
const AUTH_ENDPOINTS: Record<string, string[]> = {
  '/sign-up/email': ['email', 'password', 'name', 'playerName', 'language'],
  '/sign-in/email': ['email', 'password'],
  '/sign-in/anonymous': [],
  '/update-user': ['name', 'image', 'playerName', 'language', 'attributionSource', 'attributionOtherText'],
  '/change-password': ['currentPassword', 'newPassword'],
};

describe.each(Object.entries(AUTH_ENDPOINTS))('/api/auth%s', (endpoint, fields) => {
  it(
    'answers hostile bodies without a server error, in JSON',
    async () => {
      const body = fc.oneof(
        hostileValue,
        fc.record(
          Object.fromEntries(fields.map((field) => [field, fc.oneof(fc.emailAddress(), hostileValue)])),
          {
            requiredKeys: [],
          },
        ),
      );
      await assertAsyncProperty(
        fc.asyncProperty(
          body,
          fc.constantFrom<keyof typeof callers>('creator', 'player', 'nobody'),
          async (input, caller) => {
            const answer = await rawRequest(server.url, `/api/auth${endpoint}`, {
              body: JSON.stringify(encode(input).json),
              headers: callers[caller] ? { cookie: callers[caller] } : undefined,
            });
            // The client shows auth.error.<code>, or its generic message for a refusal without one.
            const json = answer.status < 400 || (typeof answer.body === 'object' && answer.body !== null);
            const context = `${endpoint} ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
            return wellRefused(
              answer.status,
              json ? { messageId: 'auth.error.generic' } : {},
              context,
              tally.auth,
            );
          },
        ),
        { numRuns: Math.ceil(RUNS / 3) },
      );
    },
    TIMEOUT,
  );
});

describe('bodies no client would send', () => {
  const nested = (depth: number) => `{"json":${'['.repeat(depth)}${']'.repeat(depth)}}`;
  it.each([
    ['malformed JSON', '{"json": {"gameId": '],
    ['JSON that is not an object', '"just a string"'],
    ['an empty body', ''],
    ['nesting 5,000 deep', nested(5_000)],
    ['nesting 60,000 deep (under the size limit)', nested(60_000)],
    ['a prototype key in the envelope', '{"__proto__": {"json": {"gameId": "x"}}, "json": {"gameId": "x"}}'],
  ])('answers %s with a 4xx and a message id', async (_name, body) => {
    for (const procedure of procedures.filter((p) => p.type === 'mutation'))
      expect(await callOverHttp(procedure, body, callers.creator)).toBe(true);
  });

  it('closes a WebSocket that sends garbage, and keeps serving the others', async () => {
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/api/trpc`, { headers: { origin } });
    await new Promise((resolve) => socket.once('open', resolve));
    const answers: string[] = [];
    socket.on('message', (raw) => answers.push(String(raw)));
    socket.send('not json at all');
    socket.send(Buffer.from([0, 1, 2, 255]));
    socket.send(JSON.stringify({ id: 1, method: 'subscription', params: { path: '__proto__', input: {} } }));
    socket.send(JSON.stringify({ id: 2, method: 'query', params: { path: 'account.me' } }));
    socket.send('x'.repeat(server.services.limits.bodyBytes + 1));
    const code = await new Promise<number>((resolve) => socket.once('close', resolve));
    expect(code).toBe(1009); // message too big
    for (const answer of answers) {
      const error = (
        JSON.parse(answer) as { error?: { json?: { data?: { httpStatus: number; messageId: string } } } }
      ).error?.json?.data;
      if (error) expect(wellRefused(error.httpStatus, error, answer)).toBe(true);
    }
  });
});

describe('afterwards', () => {
  it('still serves, and every recorded event fits its schema', async () => {
    expect((await fetch(`${origin}/healthz`)).ok).toBe(true);
    const me = await rawRequest(server.url, '/api/trpc/account.me', {
      method: 'GET',
      headers: { cookie: callers.creator },
    });
    expect(me.status).toBe(200);
    const events = await server.services.database.db.selectFrom('events').select(['type', 'data']).execute();
    expect(events.length).toBeGreaterThan(1);
    for (const event of events) {
      const schema = { ...beerEventSchemas, ...leanEventSchemas, ...sessionEventSchemas }[
        event.type as keyof typeof beerEventSchemas
      ];
      expect(schema, event.type).toBeDefined();
      expect(() => schema.parse(event.data), `${event.type} ${JSON.stringify(event.data)}`).not.toThrow();
    }
  });
});
