/**
 * Telemetry through a real server on PostgreSQL (issue 28, spec points 1, 7, 8, 9): a page's error
 * reports are stored and grouped; the endpoint is limited per address and in size; a server error
 * (anything logged as an error) is stored the same way and sent to a Sentry stand-in as an
 * envelope by the official SDK; analytics events are recorded, and forwarded to a Plausible-style
 * stand-in, only with the tracking cookie; the operator alone reads the lists.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { freshDatabase, type TestDatabase } from '../support/database';
import { apiClient, signUpInstructor, startTestServer, trpcRequest } from '../support/server';
import { purchase, verifyEmail } from '../support/team-matrix';

const VISITOR = '0b7d5c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
const OPERATOR = 'operator@example.org';

/** A local HTTP server that keeps what it receives (the hosted services' stand-in). */
interface StandIn {
  url: string;
  received: { path: string; headers: IncomingMessage['headers']; body: string }[];
  server: Server;
}
async function standIn(): Promise<StandIn> {
  const received: StandIn['received'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const report = (message: string, stack = 'Error\n    at boom (http://h/assets/play-3f9aC2d1.js:12:7)') => ({
  kind: 'error',
  message,
  stack,
  path: '/game/abc/play',
  release: 'test',
});

let database: TestDatabase;
let server: RunningServer;
let services: StandIn;

beforeAll(async () => {
  database = await freshDatabase();
  services = await standIn();
  server = await startTestServer({
    databaseUrl: database.url,
    operatorEmails: [OPERATOR],
    billing: { plans: true },
    telemetry: {
      sentryDsn: `${services.url.replace('http://', 'http://publickey@')}/42`,
      analyticsForwardUrl: `${services.url}/api/event`,
    },
    limits: { errorReports: { max: 8, windowSeconds: 60 }, bodyBytes: 32 * 1024 },
  });
});

afterAll(async () => {
  await server?.close();
  services?.server.close();
  await database?.drop();
});

const db = () => server.services.database.db;

describe('error reports', () => {
  it('stores a page report in the group of its fingerprint, counted, with samples', async () => {
    const first = await trpcRequest(
      server.url,
      'telemetry.report',
      report('Game 4f2c9a1b-1111-4222-8333-944455556666 missing'),
    );
    expect(first.status).toBe(200);
    await trpcRequest(
      server.url,
      'telemetry.report',
      report('Game 9a1b4f2c-1111-4222-8333-944455556666 missing'),
      {
        headers: { 'user-agent': 'TestBrowser/1.0' },
      },
    );
    const groups = await db().selectFrom('error_groups').selectAll().where('source', '=', 'client').execute();
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      count: 2,
      message: 'Game <id> missing',
      top_frame: 'boom (/assets/play.js)',
    });
    const samples = await db().selectFrom('error_samples').selectAll().execute();
    expect(samples.map((sample) => sample.path)).toEqual(['/game/abc/play', '/game/abc/play']);
    expect(samples.some((sample) => sample.user_agent === 'TestBrowser/1.0')).toBe(true);
    expect(samples.every((sample) => sample.user_id === null && sample.release === 'test')).toBe(true);
  });

  it('removes the provider prefix from the stored message (spec point 8)', async () => {
    await trpcRequest(
      server.url,
      'telemetry.report',
      report('Firebase: quota exceeded (auth/quota-exceeded).', ''),
    );
    const group = await db()
      .selectFrom('error_groups')
      .selectAll()
      .where('message', '=', 'quota exceeded')
      .executeTakeFirst();
    expect(group?.count).toBe(1);
  });

  it('refuses a report too long, with a translated message and nothing stored', async () => {
    const before = await db()
      .selectFrom('error_samples')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const tooLong = await trpcRequest(server.url, 'telemetry.report', report('x'.repeat(1001)));
    expect(tooLong).toMatchObject({ status: 400, messageId: 'telemetry.errTooLong' });
    const tooBig = await trpcRequest(server.url, 'telemetry.report', {
      ...report('big'),
      stack: 'y'.repeat(40_000),
    });
    expect(tooBig.status).toBe(413);
    const after = await db()
      .selectFrom('error_samples')
      .select((e) => e.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('stores a server error (anything logged as an error) and sends it to Sentry through its SDK', async () => {
    const failure = new Error('deadline 7 exploded');
    server.services.log.error({ err: failure }, 'scheduler: deadline failed, retried after its lease');
    const group = await until(async () =>
      db().selectFrom('error_groups').selectAll().where('source', '=', 'server').executeTakeFirst(),
    );
    expect(group.message).toBe('scheduler: deadline failed, retried after its lease: deadline <n> exploded');
    const envelope = await until(() =>
      services.received.find((request) => request.path.includes('/api/42/envelope')),
    );
    expect(envelope.body).toContain('deadline 7 exploded');
    expect(envelope.headers['x-sentry-auth'] ?? envelope.path).toContain('publickey');
  });

  it('limits reports per address', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 10; i++)
      answers.push((await trpcRequest(server.url, 'telemetry.report', report(`flood ${i}`))).status);
    expect(answers).toContain(429);
    const refused = await trpcRequest(server.url, 'telemetry.report', report('one more'));
    expect(refused.messageId).toBe('errors.tooManyRequests');
  });
});

describe('analytics, only with consent', () => {
  const events = () => db().selectFrom('analytics_events').selectAll().orderBy('id').execute();
  const forwarded = () => services.received.filter((request) => request.path === '/api/event');

  it('records and forwards an event only with the tracking cookie, with the visitor id', async () => {
    const answer = await trpcRequest(server.url, 'telemetry.track', {
      name: 'signup_first_step',
      path: '/signup',
    });
    expect(answer.status).toBe(200);
    // Recorded before the answer: nothing.
    expect(await events()).toHaveLength(0);
    await trpcRequest(
      server.url,
      'telemetry.track',
      { name: 'signup_first_step', path: '/signup' },
      { cookie: `sg_vid=${VISITOR}`, headers: { 'user-agent': 'TestBrowser/1.0' } },
    );
    expect(await events()).toMatchObject([{ name: 'signup_first_step', visitor_id: VISITOR, user_id: null }]);
    // The first, had it been forwarded, would have left before this one.
    const sent = await until(() => forwarded()[0]);
    expect(forwarded()).toHaveLength(1);
    expect(JSON.parse(sent.body)).toMatchObject({ name: 'signup_first_step', domain: '127.0.0.1' });
    expect(sent.headers['user-agent']).toBe('TestBrowser/1.0');
  });

  it('refuses events a page may not send (a purchase is the server’s)', async () => {
    const answer = await trpcRequest(
      server.url,
      'telemetry.track',
      { name: 'purchase', path: '/' },
      { cookie: `sg_vid=${VISITOR}` },
    );
    expect(answer.status).toBe(400);
  });

  it('records a purchase with the buyer, only when the buyer’s request carries consent', async () => {
    const without = await signUpInstructor(server.url, 'buyer1@example.org');
    await verifyEmail(server, without.userId);
    await purchase(without.api);
    without.close();
    expect((await events()).filter((event) => event.name === 'purchase')).toHaveLength(0);

    const buyer = await signUpInstructor(server.url, 'buyer2@example.org');
    await verifyEmail(server, buyer.userId);
    buyer.close();
    const consenting = apiClient(server.url, `${buyer.cookie}; sg_vid=${VISITOR}`);
    await purchase(consenting.api);
    consenting.close();
    const purchases = (await events()).filter((event) => event.name === 'purchase');
    expect(purchases).toMatchObject([
      { user_id: buyer.userId, visitor_id: VISITOR, props: { plan: 'course', days: 365 } },
    ]);
  });
});

describe('the operator’s lists', () => {
  it('are refused to anyone but a verified operator, translated', async () => {
    const stranger = await signUpInstructor(server.url, 'stranger@example.org');
    await verifyEmail(server, stranger.userId);
    await expect(stranger.api.telemetry.errorGroups.query({})).rejects.toMatchObject({
      data: { messageId: 'errors.operatorOnly' },
    });
    stranger.close();
    const anonymous = await trpcRequest(server.url, 'telemetry.resolveGroup', {
      fingerprint: 'client-00000000',
    });
    expect(anonymous.status).toBe(401);
  });

  it('list the groups newest first, their samples, resolve one, and count events per day', async () => {
    const operator = await signUpInstructor(server.url, OPERATOR);
    await verifyEmail(server, operator.userId);
    const groups = await operator.api.telemetry.errorGroups.query({});
    expect(groups.length).toBeGreaterThan(2);
    const seen = groups.map((group) => group.lastSeen.getTime());
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    const grouped = groups.find((group) => group.message === 'Game <id> missing')!;
    expect(grouped.count).toBe(2);
    expect(
      await operator.api.telemetry.errorSamples.query({ fingerprint: grouped.fingerprint }),
    ).toHaveLength(2);
    await operator.api.telemetry.resolveGroup.mutate({ fingerprint: grouped.fingerprint });
    const open = await operator.api.telemetry.errorGroups.query({});
    expect(open.some((group) => group.fingerprint === grouped.fingerprint)).toBe(false);
    await expect(
      operator.api.telemetry.resolveGroup.mutate({ fingerprint: 'client-00000000' }),
    ).rejects.toMatchObject({
      data: { messageId: 'telemetry.errUnknownGroup' },
    });
    const summary = await operator.api.telemetry.analyticsSummary.query();
    expect(summary.find((row) => row.name === 'signup_first_step')?.count).toBe(1);
    expect(summary.find((row) => row.name === 'purchase')?.count).toBe(1);
    operator.close();
  });
});
