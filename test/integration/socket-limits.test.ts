/**
 * What one WebSocket and one address may do (issue 29, items 2 and 4), through a real server on
 * PostgreSQL: join-code look-ups are limited per address and per socket, a code that names nothing
 * counting five; a socket's calls are limited; the live views of all one address's sockets are
 * limited together. A refusal is a 429 with its translated message and the seconds to wait. And a
 * whole class knocking at once is kept waiting to be accepted, not turned away (item 9).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RunningServer } from '../../src-server/main';
import type { AppRouter } from '../../src-server/trpc/router';
import { joinCodeOf } from '../../src-shared/rules/join-code';
import { freshDatabase, type TestDatabase } from '../support/database';
import { type ApiUser, rawRequest, signUpInstructor, startTestServer } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let ada: ApiUser;
let gameCode: string;
let gameId: string;
const closers: Array<() => void> = [];

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    limits: {
      codeLookups: { max: 40, windowSeconds: 60 },
      codeLookupsPerSocket: { max: 12, windowSeconds: 60 },
      callsPerSocket: { max: 25, windowSeconds: 60 },
      subscriptionsPerAddress: 3,
    },
  });
  ada = await signUpInstructor(server.url, 'ada@example.org');
  closers.push(ada.close);
  ({ gameId } = await ada.api.beergame.create.mutate({ name: 'Monday', template: 'classic' }));
  gameCode = joinCodeOf(gameId);
});
afterAll(async () => {
  for (const close of closers) close();
  await server?.close();
  await database?.drop();
});

const origin = () => server.url.replace('localhost', '127.0.0.1');

/** A client whose every call goes over one WebSocket. */
function socketClient(cookie = ada.cookie) {
  const headers = { cookie, origin: origin() };
  class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  const client = createWSClient({
    url: `${origin().replace('http', 'ws')}/api/trpc`,
    WebSocket: CookieWebSocket as unknown as typeof globalThis.WebSocket,
  });
  closers.push(() => client.close());
  return createTRPCClient<AppRouter>({ links: [wsLink({ client, transformer: superjson })] });
}

const messageOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (error: Error) => error.message,
  );

/** A well-formed code that names nothing (checked: not the game's). */
const unknownCode = (i: number) => `XXXX${'ACDEFHJKMN'[i % 10]}${'PRTWY'[Math.floor(i / 10) % 5]}`;

describe('join-code look-ups', () => {
  it('are limited per WebSocket, a code that names nothing counting five', async () => {
    const api = socketClient();
    // 12 per socket: one found (1) and two unknown (5 + 5) fit; the next unknown does not.
    expect(await api.join.byCode.query({ code: gameCode })).toEqual({ kind: 'game', gameId });
    for (const i of [0, 1])
      expect(await messageOf(api.join.byCode.query({ code: unknownCode(i) }))).toBe('game.errCodeUnknown');
    expect(await messageOf(api.join.byCode.query({ code: unknownCode(2) }))).toBe('errors.tooManyRequests');
    // Another socket of the same address still looks codes up.
    expect(await socketClient().join.byCode.query({ code: gameCode })).toEqual({ kind: 'game', gameId });
  });

  it('are limited per address over HTTP, with the seconds to wait', async () => {
    // The address has spent 1 + 5 + 5 + 1 (+ a refused 5) of its 40 on the sockets above.
    const asked: number[] = [];
    for (let i = 10; i < 30; i++) {
      const input = encodeURIComponent(JSON.stringify(superjson.serialize({ code: unknownCode(i) })));
      const answer = await rawRequest(server.url, `/api/trpc/join.byCode?input=${input}`, { method: 'GET' });
      asked.push(answer.status);
      if (answer.status === 429) {
        const values = (answer.body as { error: { json: { data: { values: { seconds: number } } } } }).error
          .json.data.values;
        expect(values.seconds).toBeGreaterThan(0);
        break;
      }
    }
    // Failed guesses cost five: a handful fit, where 40 plain look-ups would.
    expect(asked.at(-1)).toBe(429);
    expect(asked.length).toBeLessThanOrEqual(6);
    expect(asked.slice(0, -1).every((status) => status === 404)).toBe(true);
  });
});

describe('one WebSocket and one address', () => {
  it('limits the calls of a socket', async () => {
    const api = socketClient();
    const answers: string[] = [];
    for (let i = 0; i < 26; i++) answers.push(await messageOf(api.account.me.query()));
    expect(answers.slice(0, 25).every((answer) => answer === 'answered')).toBe(true);
    expect(answers[25]).toBe('errors.tooManyRequests');
  });

  it('limits the live views of all the sockets of one address together', async () => {
    const views = [socketClient(), socketClient()];
    const outcomes: Array<Promise<string>> = [];
    const watch = (api: (typeof views)[number]) =>
      new Promise<string>((resolve) => {
        const subscription = api.game.watch.subscribe(
          { gameId },
          {
            onData: () => resolve('watching'),
            onError: (error) => resolve(error.message),
          },
        );
        closers.push(() => subscription.unsubscribe());
      });
    for (const api of [views[0]!, views[1]!, views[0]!]) outcomes.push(watch(api));
    expect(await Promise.all(outcomes)).toEqual(['watching', 'watching', 'watching']);
    expect(await watch(views[1]!)).toBe('errors.tooManySubscriptions');
  });
});

describe('a whole class reconnecting at once', () => {
  it('is kept waiting to be accepted: the listen backlog is 4,096, as far as the kernel allows', () => {
    // Node's default of 511 overflowed 13,450 times when 1,000 players came back after a restart,
    // and TCP retried those connections only 1, 3 and 7 s later. A listening socket's Send-Q is its
    // backlog, which the kernel caps at net.core.somaxconn.
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    const port = new URL(server.url).port;
    const listening = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' }).trim();
    const backlogs = listening.split('\n').map((line) => Number(line.trim().split(/\s+/)[2]));
    expect(backlogs.length).toBeGreaterThan(0);
    for (const backlog of backlogs) expect(backlog).toBe(Math.min(4096, somaxconn));
  });
});
