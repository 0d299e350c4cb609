/**
 * Every procedure of the app router, found by walking the router itself, gets hostile inputs
 * through the real server: wrong types, huge, negative, fractional and non-finite numbers, NUL and
 * lone surrogates, prototype keys, 1 MB strings, deep nesting, unknown fields, forged superjson
 * metadata; and well-formed inputs on real games and a real published session, which pass
 * validation and access and reach the procedure itself. The server never answers 5xx, every
 * refusal names a message id of locales/en.json, no subscription dies (closed other than by a clean
 * refusal, or failing once started), the process logs no error and throws nothing uncaught, every
 * recorded event still fits its schema, and the server still serves afterwards.
 *
 * Each procedure's inputs that reached its resolver are counted (support/fuzz-reach.ts) and
 * printed as a table at the end; a procedure none of whose inputs reached it fails.
 *
 * `npm test` sends 200 inputs per procedure, in four shards (test/integration/fuzz-N.test.ts), each
 * on a server of its own; `npm run fuzz` (FUZZ_RUNS=10000) sends 10,000 and each shard prints
 * `fuzz: N inputs, M procedures, K server errors`. FC_SEED replays a run; a failing seed is
 * pinned as a named test in hardening.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { initTRPC } from '@trpc/server';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import fc from 'fast-check';
import pino from 'pino';
import superjson from 'superjson';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { z } from 'zod';
import english from '../../locales/en.json';
import type { RunningServer } from '../../src-server/main';
import { appRouter } from '../../src-server/trpc/router';
import { beerEventSchemas, classicConfigInput } from '../../src-shared/beergame';
import { ledgerEventSchemas } from '../../src-shared/billing/ledger';
import { leanEventSchemas } from '../../src-shared/leangame';
import { formatJoinCode, joinCodeOf } from '../../src-shared/rules/join-code';
import { sessionEventSchemas } from '../../src-shared/session';
import { teamEventSchemas } from '../../src-shared/team';
import { freshDatabase, type TestDatabase } from './database';
import { type ProcessErrors, watchProcessErrors } from './fuzz-process-errors';
import { countResolverCalls, type ReachRow, reachTable } from './fuzz-reach';
import { createFuzzSessions, type FuzzSessions, refresh } from './fuzz-session';
import { SubscriptionProbe } from './fuzz-subscriptions';
import { createFuzzTeam, type FuzzTeam, refreshFuzzTeam } from './fuzz-team';
import { assertAsyncProperty } from './property';
import { type ApiUser, rawRequest, signInAnonymous, signUpInstructor, startTestServer } from './server';

// 200 a procedure in `npm test` (issue 40), across four shards that run side by side; every run
// draws new seeds; `npm run fuzz` sends 10,000.
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

// ----- plausible values, by field name (some by procedure): they take a call past validation and access -----

let beerGameId = '';
let leanGameId = '';
let sessions: FuzzSessions;
let team: FuzzTeam;
/** A value read when drawn: the fixtures are made in beforeAll, after the arbitraries. */
const late = <T>(value: () => T) => fc.constant(null).map(value);
/** `arbitrary` mostly, else one of the others: most draws reach, the rest probe a neighbour's. */
const mostly = <T>(arbitrary: fc.Arbitrary<T>, ...others: fc.Arbitrary<T>[]) =>
  fc.oneof(
    { weight: 3 * others.length, arbitrary },
    ...others.map((other) => ({ weight: 1, arbitrary: other })),
  );

const beerGame = late(() => beerGameId);
const leanGame = late(() => leanGameId);
/** A game of the session's round being played, by team. */
const sessionGame = fc.nat(1).chain((team) => late(() => sessions.gameIds[team] ?? 'no-such-game'));
const noGame = fc.constant('no-such-game');

const PLAUSIBLE: Record<string, fc.Arbitrary<unknown>> = {
  facilityId: fc.constantFrom('retailer', 'wholesaler', 'distributor', 'factory', 'warehouse', 'paint1'),
  commandId: fc.uuid(),
  quantity: fc.integer({ min: 0, max: 40 }),
  name: fc.constantFrom('Class A', 'Week 3'),
  template: fc.constantFrom('classic', 'lostSales', 'workshop4-choose', 'chainLength', 'no-such-template'),
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
  configDebrief: fc.constantFrom(
    {},
    { thankYouSection: { show: true, text: 'Thanks: https://example.org' } },
    { questionsSection: { show: true, questions: [{ id: 'q1', text: 'Why?', answer: 4 }] } },
    { debriefContent: ['no-such-section'] },
    { textBlocks: [{ id: 'b1', after: null, text: '<b>plain</b>' }] },
  ),
  heroTitle: fc.constantFrom('Acme Academy', '  Campus  ', '', 'x'.repeat(81)),
  timerSeconds: fc.constantFrom(5, 60, 86_400),
  seconds: fc.constantFrom(5, 60, 0),
  minutes: fc.constantFrom(5, 9, 15, 60),
  cursor: fc.nat(100),
  draft: fc.boolean(),
  week: fc.integer({ min: 1, max: 40 }),
  showAt: fc.integer({ min: 1, max: 40 }),
  facilityIds: fc.constantFrom(['retailer'], ['wholesaler', 'factory']),
  field: fc.constantFrom('consumerDemand', 'leadtime', 'stockCost'),
  value: fc.constantFrom(0, 3, 7, 12.5),
  changeId: fc.constantFrom('c1', 'c2'),
  pid: fc.constant('p1'),
  policy: fc.constantFrom('fixed:4', 'sterman', 'no-such-policy'),
  questionId: fc.constantFrom('q1', 'bullwhip'),
  answer: fc.constant('The lead time.'),
  allocation: fc.constantFrom({ retailer: 4 }, { retailer: 2, wholesaler: 2 }),
  startOrders: fc.integer({ min: 0, max: 12 }),
  to: fc.constantFrom('all', ['retailer'], ['factory', 'wholesaler']),
  text: fc.constant('Order less this week.'),
  // Feedback (help menu, suggest-feature tab): a message, its kind, the page and the browser.
  message: fc.oneof(fc.constantFrom('The board is hard to read.', ''), fc.string({ maxLength: 2100 })),
  kind: fc.constantFrom('problem', 'suggestion', 'praise', 'spam'),
  contactConsent: fc.boolean(),
  page: fc.constantFrom('/dashboard', '/reset-password?token=secret#x', 'https://example.org/join?code=ABC'),
  browser: fc.record({
    userAgent: fc.string({ maxLength: 500 }),
    viewportWidth: fc.integer({ min: -1, max: 5000 }),
    viewportHeight: fc.integer({ min: 0, max: 5000 }),
    locale: fc.constantFrom('en', 'fr', 'xx'),
  }),
  transparent: fc.boolean(),
  lastEventId: fc.constantFrom(null, '0', '1', '999'),
  confirmCount: fc.constantFrom(0, 2, 3),
  count: fc.integer({ min: 1, max: 3 }),
  locale: fc.constantFrom('en', 'fr', 'cs'),
  archived: fc.boolean(),
  // Templates of one's own are beer games' only.
  type: mostly(fc.constant('beergame'), fc.constant('leangame')),
  search: fc.constantFrom('Class', '%', '_'),
  // A join code, as people type it: the played game's or the session's, or one that names nothing.
  code: fc.oneof(
    late(() => joinCodeOf(beerGameId)),
    late(() => formatJoinCode(joinCodeOf(beerGameId)).toLowerCase()),
    late(() => sessions.code),
    late(() => formatJoinCode(sessions.code).toLowerCase()),
    fc.constantFrom('3479AC', 'O0O-1IL'),
  ),
  // Sessions: mostly the published one, whose rounds, teams and games are real.
  sessionId: mostly(
    late(() => sessions.sessionId),
    late(() => sessions.draftId),
    fc.constant('no-such-session'),
  ),
  roundId: fc.oneof(
    fc.nat(2).chain((round) => late(() => sessions.roundIds[round] ?? 'r1')),
    fc.constant('r9'),
  ),
  teamNumber: fc.integer({ min: 1, max: 3 }),
  teamCount: fc.integer({ min: 1, max: 3 }),
  // Never the creator's address (fuzz@example.org): the fuzz does not delete the account it plays.
  email: fc.constantFrom('nobody@example.org', 'FUZZ@example.org.', ''),
  password: fc.constantFrom('correct horse battery', 'wrong password'),
  // The referral program's referrer: nobody of the fuzz joined it, so nothing is recorded.
  referrerId: fc.constantFrom('no-such-user', 'someone_else-1'),
  // Never the session's name: the fuzz does not delete the session it plays.
  confirmName: fc.constantFrom('', 'Class A', 'Fuzzed class (not)'),
  setup: fc.oneof(
    late(() => sessions.setup),
    late(() => ({ ...sessions.setup, teamCount: sessions.setup.teamCount + 1 })),
    late(() => ({ ...sessions.setup, rounds: sessions.setup.rounds.slice(0, 1) })),
    late(() => ({
      ...sessions.setup,
      rounds: sessions.setup.rounds.map((round) => ({ ...round, gameType: 'leangame' })),
    })),
  ),
  // Teams and plans (issue 27): mostly the fuzz's team, whose admin the creator is and whose
  // member the colleague is; its invoices; plausible purchases, billing data and quotes.
  teamId: mostly(
    late(() => team.teamId),
    fc.constant('no-such-team'),
  ),
  userId: mostly(
    late(() => team.colleagueId),
    late(() => creator.userId),
    fc.constant('no-such-user'),
  ),
  games: fc.constantFrom(['beergame'], ['leangame'], ['beergame', 'leangame'], []),
  joinToken: mostly(
    late(() => team.joinToken),
    fc.constant('not-the-token-of-the-team'),
  ),
  pack: fc.constantFrom('beergame', 'leangame'),
  gameType: fc.constantFrom('beergame', 'leangame'),
  planName: fc.constantFrom('class', 'course', 'campus'),
  durationDays: fc.constantFrom(30, 365),
  billing: fc.constantFrom(
    {
      organisation: 'Northfield Business School',
      address: ['12 College Road', 'Dublin'],
      countryCode: 'IE',
      euVatNumber: null,
    },
    { organisation: 'École de Lyon', address: [], countryCode: 'FR', euVatNumber: 'FR40303265045' },
    {
      organisation: 'Gymnázium Přerov',
      address: ['Denisova 3'],
      countryCode: 'CZ',
      euVatNumber: 'CZ 123.456-78',
    },
  ),
  organisation: fc.constantFrom('Northfield Business School', 'École de Lyon'),
  address: fc.constantFrom([], ['12 College Road', 'Dublin D02 X285']),
  euVatNumber: fc.constantFrom(null, '', 'FR40303265045', 'CZ12345678'),
  invoiceNumber: fc.oneof(
    fc.nat(3).chain((index) => late(() => team.invoiceNumbers[index] ?? '2026-999999')),
    fc.constant('2026-999999'),
  ),
  notify: fc.boolean(),
  // The public page's look (issue 28): well formed (a save needs every field so; the mixed calls
  // send hostile values), a slug free, taken or reserved.
  appTitle: fc.constantFrom(null, '', 'École des Mines'),
  language: fc.constantFrom(null, 'fr', 'en'),
  mainColor: fc.constantFrom(null, '#1D4ED8', '#ffe066'),
  bckColor: fc.constantFrom(null, '#ffffff', '#000000'),
  useThumbnail: fc.boolean(),
  activePage: fc.boolean(),
  slug: mostly(fc.constantFrom(null, 'fuzz-page'), fc.constantFrom('dashboard', 'Not A Slug', 'ab')),
  // A quote: member states and others, VAT numbers well formed or not, of the state or another.
  countryCode: fc.constantFrom('BE', 'fr', 'GR', 'US', 'JP', 'ZZ'),
  vatNumber: fc.constantFrom(
    '',
    'BE0403170701',
    'BE 0403.170.702',
    'EL094259216',
    'FR40303265045',
    'nonsense',
  ),
  amountCents: fc.oneof(
    fc.integer({ min: 1, max: 10_000_000_000 }),
    fc.constantFrom(1, 14_900, 10_000_000_000),
  ),
  action: fc.constantFrom(
    { type: 'closeWeek' },
    { type: 'startTimer', seconds: 60 },
    { type: 'stopTimer' },
    { type: 'message', text: 'Five minutes left.' },
    { type: 'handFreeSeatsToComputer' },
    { type: 'endGame' },
  ),
};

/** The lean game's work on the floor, and its improvements panel. */
const floorCommand = fc.constantFrom<object>(
  { type: 'ReleaseSheet', facilityId: 'warehouse' },
  { type: 'SendBatch', facilityId: 'warehouse' },
  { type: 'PickUpBatch', facilityId: 'paint1' },
  { type: 'PerformOperation', facilityId: 'paint1', productId: 'p0', target: 4 },
  { type: 'RemoveDefect', facilityId: 'qc', productId: 'p1', opIndex: 0 },
);
const panelCommand = fc.constantFrom<object>(
  { type: 'EnableImprovement', improvement: 'batch' },
  { type: 'SetBatchSize', batchSize: 2 },
  { type: 'MoveStation', facilityId: 'qc', position: { row: 1, column: 1 } },
);

/** The fields whose plausible values depend on the procedure: what it acts on. */
function plausible(field: string, path: string): fc.Arbitrary<unknown> | undefined {
  // Error reports and tracked events (issue 28): a page's kinds and events, some unknown.
  if (field === 'kind' && path === 'telemetry.report')
    return mostly(
      fc.constantFrom('error', 'rejection', 'request', 'subscription', 'shown'),
      fc.constant('x'),
    );
  if (field === 'message' && path === 'telemetry.report')
    return mostly(
      fc.constantFrom('TypeError: x is undefined', 'Firebase: boom'),
      fc.string({ maxLength: 1100 }),
    );
  if (field === 'name' && path === 'telemetry.track')
    return mostly(fc.constant('signup_first_step'), fc.constantFrom('purchase', 'play_demo', ''));
  if (field === 'path' && path.startsWith('telemetry.'))
    return mostly(fc.constantFrom('/', '/game/abc/play'), fc.constant('x'.repeat(301)));
  if (field === 'fingerprint')
    return mostly(fc.constantFrom('client-0123abcd', 'server-deadbeef'), fc.constantFrom('', 'client-xyz'));
  if (field === 'command')
    return path === 'leangame.panel'
      ? mostly(panelCommand, floorCommand)
      : mostly(floorCommand, panelCommand);
  // An invitation's address: mostly one to invite (the others probe the refusals).
  if (field === 'email' && path.startsWith('team.'))
    return mostly(
      fc.constantFrom('new.colleague@example.org', 'Second.Colleague@Example.org'),
      PLAUSIBLE.email!,
    );
  // The operator's feedback list counts its pages.
  if (field === 'page' && path === 'feedback.list') return fc.integer({ min: -1, max: 3 });
  // The public instructor page (issue 28): its owner's id, a slug, or nothing there.
  if (field === 'address' && path === 'portal.page')
    return fc.oneof(
      late(() => creator.userId),
      fc.constantFrom('fuzz-page', 'no-such-page'),
    );
  // Publishing on one's page: the creator's games, or a game that is not there.
  if (field === 'items' && path === 'portal.publish')
    return fc.oneof(
      beerGame.map((id) => [{ kind: 'game', id }]),
      fc.tuple(beerGame, leanGame).map(([a, b]) => [
        { kind: 'game', id: b },
        { kind: 'game', id: a },
      ]),
      fc.constant([{ kind: 'session', id: 'no-such-session' }]),
      fc.constant([]),
    );
  // A portal's name (issue 28): mostly one a partner would claim, some reserved or malformed.
  if (field === 'name' && path.startsWith('portal.'))
    return mostly(fc.constantFrom('acme', 'School-42', ' campus '), fc.constantFrom('www', 'ab', 'a_b', ''));
  if (field === 'gameId') {
    if (path.startsWith('leangame.')) return mostly(leanGame, beerGame, noGame);
    if (path.startsWith('beergame.')) return mostly(beerGame, sessionGame, leanGame, noGame);
    return fc.oneof(beerGame, leanGame, sessionGame, noGame);
  }
  if (field === 'gameIds') {
    // The follow-up's bulk actions act on the teams' games of the session's round being played.
    if (path.startsWith('session.'))
      return mostly(
        late(() => sessions.gameIds),
        sessionGame.map((id) => [id]),
        sessionGame.map((id) => [id, 'no-such-game']),
      );
    // Publishing: the lean game (a beer game publishes from its settings, and is refused).
    if (path === 'game.publish')
      return fc.oneof(
        leanGame.map((id) => [id]),
        beerGame.map((id) => [id]),
        leanGame.map((id) => [id, 'no-such-game']),
      );
    // Never the game alone with a matching count: the fuzz does not delete the game it plays.
    return fc.oneof(
      beerGame.map((id) => [id]),
      beerGame.map((id) => [id, 'no-such-game']),
    );
  }
  return PLAUSIBLE[field];
}

type Caller = keyof typeof callers;
const anyone = fc.constantFrom<Caller>('creator', 'player', 'nobody');

/**
 * A call of `procedure`: its input, the superjson metadata sent with it and who sends it. The
 * input is anything; or its fields, each plausible or hostile, with unknown ones maybe; or, 3
 * times in 5, every field plausible, with no forged metadata, sent by someone signed in: the calls
 * that reach the resolver, which the reach table counts.
 */
const callFor = (procedure: Procedure) => {
  const fieldsOf = (value: (field: string) => fc.Arbitrary<unknown>) =>
    fc.record(Object.fromEntries(procedure.fields.map((field) => [field, value(field)])), {
      requiredKeys: [],
    });
  const mixed = fc
    .tuple(
      fieldsOf((field) => fc.oneof(plausible(field, procedure.path) ?? hostileValue, hostileValue)),
      fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 }),
    )
    .map(([fields, unknown]) => ({ ...unknown, ...fields }));
  const known = procedure.fields.filter((field) => plausible(field, procedure.path));
  const wellFormed = fc.record(
    Object.fromEntries(known.map((field) => [field, plausible(field, procedure.path)!])),
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.record({ input: hostileValue, meta: forgedMeta, caller: anyone }) },
    { weight: 1, arbitrary: fc.record({ input: mixed, meta: forgedMeta, caller: anyone }) },
    {
      weight: 3,
      arbitrary: fc.record({
        input: wellFormed,
        meta: fc.constant(undefined),
        caller: fc.constantFrom<Caller>('creator', 'player'),
      }),
    },
  );
};

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

const probes: Partial<Record<keyof typeof callers, SubscriptionProbe>> = {};
/** Every call's resolver, counted: the reach table. */
const resolverCalls = countResolverCalls(appRouter);
/** Per procedure, the inputs sent and those that reached its resolver. */
const reach = new Map<string, ReachRow>(procedures.map(({ path }) => [path, { path, sent: 0, reached: 0 }]));
let processErrors: ProcessErrors;
let creator: ApiUser;
let player: ApiUser;
/** A member of the creator's team, whom the team procedures act on. */
let colleague: ApiUser;

/** A refusal (a message id) passes; anything else is thrown again. */
const refusalOnly = (error: unknown) => {
  if (!(error as { data?: { messageId?: string } }).data?.messageId) throw error;
};

/**
 * Fresh fixture games for each procedure, the player seated in both: what the procedures before
 * did to the last ones (a seat left, a game ended or deleted) is not what the next one meets, so a
 * procedure's inputs meet the same games whichever shard it runs in and in whatever order.
 */
async function freshGames(): Promise<void> {
  ({ gameId: beerGameId } = await creator.api.beergame.create.mutate({
    name: 'Fuzzed',
    template: 'classic',
  }));
  await player.api.beergame.join.mutate({
    gameId: beerGameId,
    facilityId: 'retailer',
    commandId: randomUUID(),
  });
  ({ gameId: leanGameId } = await creator.api.leangame.create.mutate({
    name: 'Fuzzed workshop',
    template: 'workshop4-choose',
  }));
  await player.api.leangame.join.mutate({
    gameId: leanGameId,
    facilityId: 'warehouse',
    commandId: randomUUID(),
  });
}

/** The subscription's first view and clean stop, or its refusal; any death is a failure. */
async function callOverWebSocket(procedure: Procedure, payload: unknown, caller: keyof typeof callers) {
  probes[caller] ??= new SubscriptionProbe(`${origin.replace('http', 'ws')}/api/trpc`, {
    origin,
    ...(callers[caller] ? { cookie: callers[caller] } : {}),
  });
  // A tracked subscription resumed after a lastEventId ahead of its stream rightly sends nothing.
  const outcome = await probes[caller].probe(
    procedure.path,
    payload,
    procedure.fields.includes('lastEventId'),
  );
  const context = `${procedure.path} as ${caller} ${JSON.stringify(payload)}`;
  if (outcome.kind === 'died') {
    tally.procedures.inputs++;
    tally.procedures.serverErrors++;
    console.error(`fuzz: a subscription died (${outcome.why}) for ${context.slice(0, 500)}`);
    return false;
  }
  if (outcome.kind === 'refused') return wellRefused(outcome.status, outcome.data, context);
  return wellRefused(200, undefined, context);
}

/**
 * Registers shard `shard` of `shards` of the fuzz in the calling test file: every `shards`-th
 * procedure and better-auth endpoint, on a server and fixtures of its own (the files
 * test/integration/fuzz-N.test.ts, which Vitest's workers run side by side). The first shard also
 * tests the instruments and the bodies no client would send; every shard checks the afterwards.
 */
export function fuzzShard(shard: number, shards: number): void {
  /** This shard's part of a list: every `shards`-th item, from the shard's own. */
  const mine = <T>(items: readonly T[]): T[] => items.filter((_item, index) => index % shards === shard - 1);

  beforeAll(async () => {
    database = await freshDatabase();
    server = await startTestServer({
      databaseUrl: database.url,
      // Valid creations are part of the fuzz: the cap on them is tested in hardening.test.ts.
      // Quotes too: every input comes from one address.
      limits: {
        gameCreations: { max: 1_000_000, windowSeconds: 60 },
        quotes: { max: 1_000_000, windowSeconds: 60 },
        feedback: { max: 1_000_000, windowSeconds: 60 },
        // Games counted one by one and a socket's calls: their limits are tested in
        // creation-limits.test.ts and socket-limits.test.ts. A wrong password past an account's
        // limit waits (rate-limits.test.ts): the fuzz would wait for it rather than fuzz.
        gamesCreated: { max: 1_000_000, windowSeconds: 3600 },
        liveGames: 1_000_000,
        callsPerSocket: { max: 1_000_000, windowSeconds: 10 },
        signInFailuresPerAccount: { max: 1_000_000, windowSeconds: 900 },
      },
      // The hosted service, where the commerce procedures answer: the creator's team has a plan of
      // each game type (support/fuzz-team.ts).
      billing: { plans: true },
      // The creator (verified with its team) runs the installation: feedback.list answers it.
      operatorEmails: ['fuzz@example.org'],
    });
    processErrors = watchProcessErrors(server.services.log);
    origin = server.url.replace('localhost', '127.0.0.1');
    creator = await signUpInstructor(server.url, 'fuzz@example.org');
    player = await signInAnonymous(server.url, 'Fuzz');
    colleague = await signUpInstructor(server.url, 'colleague@example.org');
    users.push(creator, player, colleague);
    team = await createFuzzTeam(server, creator, colleague);
    // Verified by the team's set-up: their sign-in, remembered unverified, is looked up afresh.
    server.services.sessions.forget({ cookie: creator.cookie });
    sessions = await createFuzzSessions(creator, player);
    callers.creator = creator.cookie;
    callers.player = player.cookie;
  }, 120_000);

  afterAll(async () => {
    console.log(
      `fuzz: ${tally.procedures.inputs} inputs, ${mine(procedures).length} procedures, ${tally.procedures.serverErrors} server errors`,
    );
    console.log(
      `fuzz: ${tally.auth.inputs} requests, ${mine(Object.keys(AUTH_ENDPOINTS)).length} better-auth endpoints, ${tally.auth.serverErrors} server errors`,
    );
    console.log(reachTable(mine(procedures).map(({ path }) => reach.get(path)!)));
    for (const probe of Object.values(probes)) probe?.close();
    for (const user of users) user.close();
    processErrors?.stop();
    await server?.close();
    await database?.drop();
  });

  /** Per test: the runs, and time for them (a 1 MB string takes a while, 10,000 runs longer). */
  const TIMEOUT = 60_000 + RUNS * 150;

  describe.each(mine(procedures))('$path', (procedure) => {
    // What the procedures before did to the fixtures (a seat left, a round moved on, the session
    // unpublished), read again or undone.
    beforeEach(async () => {
      await refresh(creator, sessions);
      await refreshFuzzTeam(server, creator, colleague, team);
      await freshGames();
    });
    // A lean round the fuzz started plays its computer stations until its end, up to an hour: it
    // ends with its procedure, so that the rest of the shard does not pay for it.
    afterEach(async () => {
      await creator.api.leangame.end
        .mutate({ gameId: leanGameId, commandId: randomUUID() })
        .catch(refusalOnly);
    });

    it(
      'answers hostile inputs without a server error, with a message id, and some reach its resolver',
      async () => {
        const row = reach.get(procedure.path)!;
        await assertAsyncProperty(
          fc.asyncProperty(callFor(procedure), async ({ input, meta, caller }) => {
            const encoded = encode(input);
            const payload = meta === undefined ? encoded : { json: encoded.json, meta };
            const errorsBefore = processErrors.seen.length;
            const resolvedBefore = resolverCalls.of(procedure.path);
            const good =
              procedure.type === 'subscription'
                ? await callOverWebSocket(procedure, payload, caller)
                : await callOverHttp(procedure, JSON.stringify(payload), callers[caller]);
            row.sent++;
            row.reached += resolverCalls.of(procedure.path) - resolvedBefore;
            const errors = processErrors.seen.slice(errorsBefore);
            if (errors.length > 0)
              console.error(
                `fuzz: ${errors.join('; ')} during ${procedure.path} as ${caller} ${JSON.stringify(payload).slice(0, 500)}`,
              );
            return good && errors.length === 0;
          }),
          { numRuns: RUNS },
        );
        expect(row.reached, `inputs of ${procedure.path} that reached its resolver`).toBeGreaterThan(0);
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
    '/request-password-reset': ['email'],
    '/reset-password': ['token', 'newPassword'],
    '/send-verification-email': ['email', 'callbackURL'],
    '/change-email': ['newEmail', 'currentPassword', 'callbackURL'],
    '/revoke-session': ['token'],
    '/revoke-other-sessions': [],
    // GET endpoints: the fields go in the query string.
    'GET /verify-email': ['token', 'callbackURL'],
    'GET /list-sessions': [],
    // Google and Microsoft (none configured here: a clear refusal), and their callbacks.
    '/sign-in/social': [
      'provider',
      'callbackURL',
      'newUserCallbackURL',
      'errorCallbackURL',
      'idToken',
      'scopes',
    ],
    '/callback/google': ['code', 'state', 'error', 'iss'],
    '/callback/microsoft': ['code', 'state', 'error', 'iss'],
  };

  /** A hostile value as a query string: its fields as text, whatever they are. */
  const queryOf = (input: unknown) =>
    new URLSearchParams(
      Object.entries(input !== null && typeof input === 'object' ? input : {}).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : (JSON.stringify(encode(value).json) ?? ''),
      ]),
    );

  describe.each(mine(Object.entries(AUTH_ENDPOINTS)))('/api/auth%s', (endpoint, fields) => {
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
              const headers = callers[caller] ? { cookie: callers[caller] } : undefined;
              const [method, path] = endpoint.startsWith('GET ')
                ? ['GET', endpoint.slice(4)]
                : ['POST', endpoint];
              // A redirect is an answer (a callback's goes to the client's /login, which this server
              // does not serve): judged by itself, not by the page it points to.
              const query = queryOf(input).toString();
              const answer =
                method === 'GET'
                  ? await rawRequest(server.url, `/api/auth${path}?${query}`, {
                      method,
                      headers,
                      redirect: 'manual',
                    })
                  : await rawRequest(server.url, `/api/auth${path}`, {
                      body: JSON.stringify(encode(input).json),
                      headers,
                      redirect: 'manual',
                    });
              // A URL longer than Node's header limit is refused by its HTTP parser, before any of our code.
              if (method === 'GET' && answer.status === 431 && query.length > 8 * 1024)
                return wellRefused(400, { messageId: 'errors.invalidInput' }, '', tally.auth);
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

  if (shard === 1)
    describe('the instruments themselves', () => {
      it('tell a subscription that dies (an error once started, a close, a drop) from one refused or served', async () => {
        const t = initTRPC.context<{ client: WebSocket }>().create();
        const stopped = (signal: AbortSignal | undefined) =>
          new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve()));
        // What a generator yields before it crashes or stays quiet: nothing.
        const noViews: string[] = [];
        const crashing = t.router({
          served: t.procedure.subscription(async function* ({ signal }) {
            yield 'view';
            await stopped(signal);
          }),
          refused: t.procedure.input(z.object({ n: z.number() })).subscription(async function* () {
            yield 'view';
          }),
          quiet: t.procedure.subscription(async function* ({ signal }) {
            await stopped(signal);
            yield* noViews;
          }),
          throwsOnceStarted: t.procedure.subscription(async function* () {
            yield* noViews;
            throw new Error('crashed before its first view');
          }),
          throwsAfterItsFirstView: t.procedure.subscription(async function* () {
            yield 'view';
            throw new Error('crashed after its first view');
          }),
          closes1011: t.procedure.subscription(async function* ({ ctx }) {
            yield 'view';
            ctx.client.close(1011);
          }),
          drops: t.procedure.subscription(async function* ({ ctx }) {
            yield 'view';
            ctx.client.terminate();
          }),
        });
        const http = createServer();
        const wss = new WebSocketServer({ server: http });
        applyWSSHandler({ wss, router: crashing, createContext: ({ res }) => ({ client: res }) });
        await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
        const { port } = http.address() as AddressInfo;
        const kinds: Record<string, string> = {};
        for (const path of Object.keys(crashing._def.procedures)) {
          const probe = new SubscriptionProbe(`ws://127.0.0.1:${port}`, {});
          const outcome = await probe.probe(path, {}, path === 'quiet');
          kinds[path] = outcome.kind === 'died' ? `died: ${outcome.why}` : outcome.kind;
          probe.close();
        }
        for (const client of wss.clients) client.terminate();
        wss.close();
        await new Promise((resolve) => http.close(resolve));
        expect(kinds).toEqual({
          served: 'served',
          refused: 'refused',
          quiet: 'served',
          throwsOnceStarted: 'died: an error after the subscription had started: 500 (no message id)',
          throwsAfterItsFirstView: expect.stringMatching(
            /^died: an error after (the subscription had started|it was stopped): 500/,
          ),
          closes1011: expect.stringMatching(/^died: the WebSocket closed with 1011/),
          drops: expect.stringMatching(/^died: the WebSocket closed with 1006/),
        });
      });

      it('see an error the server logs', () => {
        const log = pino({ level: 'silent' });
        const watch = watchProcessErrors(log);
        log.error({ err: new Error('disk full') }, 'procedure failed');
        watch.stop();
        log.error('after the watch');
        expect(watch.seen).toEqual(['the server logged error: procedure failed (Error: disk full)']);
      });

      it('count the calls that pass validation and reach the resolver, and only those', async () => {
        const t = initTRPC.create();
        const tiny = t.router({
          echo: t.procedure.input(z.object({ n: z.number() })).query(({ input }) => input.n),
        });
        const calls = countResolverCalls(tiny);
        const caller = t.createCallerFactory(tiny)({});
        expect(await caller.echo({ n: 1 })).toBe(1);
        await expect(caller.echo({ n: 'one' } as unknown as { n: number })).rejects.toThrow();
        expect(calls.of('echo')).toBe(1);
        expect(() => countResolverCalls(tiny)).toThrow('counted already');
      });
    });

  if (shard === 1)
    describe('bodies no client would send', () => {
      const nested = (depth: number) => `{"json":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      it.each([
        ['malformed JSON', '{"json": {"gameId": '],
        ['JSON that is not an object', '"just a string"'],
        ['an empty body', ''],
        ['nesting 5,000 deep', nested(5_000)],
        ['nesting 60,000 deep (under the size limit)', nested(60_000)],
        [
          'a prototype key in the envelope',
          '{"__proto__": {"json": {"gameId": "x"}}, "json": {"gameId": "x"}}',
        ],
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
        socket.send(
          JSON.stringify({ id: 1, method: 'subscription', params: { path: '__proto__', input: {} } }),
        );
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
    it('saw no process error and no subscription die between calls', () => {
      const idle = Object.entries(probes).flatMap(([caller, probe]) =>
        probe.pendingDeaths().map((death) => `${caller}: ${death}`),
      );
      expect([...processErrors.seen, ...idle]).toEqual([]);
    });

    it('still serves, and every recorded event fits its schema', async () => {
      expect((await fetch(`${origin}/healthz`)).ok).toBe(true);
      const me = await rawRequest(server.url, '/api/trpc/account.me', {
        method: 'GET',
        headers: { cookie: callers.creator },
      });
      expect(me.status).toBe(200);
      const events = await server.services.database.db
        .selectFrom('events')
        .select(['type', 'data'])
        .execute();
      expect(events.length).toBeGreaterThan(1);
      for (const event of events) {
        const schema = {
          ...beerEventSchemas,
          ...leanEventSchemas,
          ...sessionEventSchemas,
          ...teamEventSchemas,
          ...ledgerEventSchemas,
        }[event.type as keyof typeof beerEventSchemas];
        expect(schema, event.type).toBeDefined();
        expect(() => schema.parse(event.data), `${event.type} ${JSON.stringify(event.data)}`).not.toThrow();
      }
    });
  });
}
