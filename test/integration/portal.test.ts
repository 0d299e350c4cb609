/**
 * The white-label portal by real Host headers against one server (issue 28, item 3;
 * docs/portal.md): a claimed portal's host gets its look from `portal.look`, an app host and an
 * unclaimed name get none; sign-up is refused on a portal host, sign-in and the WebSocket work
 * there; a name is claimed once.
 */
import { request } from 'node:http';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RunningServer } from '../../src-server/main';
import { freshDatabase, type TestDatabase } from '../support/database';
import { type ApiUser, signUpInstructor, startTestServer } from '../support/server';
import { verifyEmail } from '../support/team-matrix';

let database: TestDatabase;
let server: RunningServer;
let port: number;
let owner: ApiUser;
let rival: ApiUser;
let unverified: ApiUser;

interface Answer {
  status: number;
  body: unknown;
  setCookie: string[];
}

/** A request to the server with the Host (and Origin) a browser on `host` would send. */
function onHost(
  host: string,
  path: string,
  options: { method?: string; body?: unknown; cookie?: string; origin?: string | null } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const origin = options.origin === undefined ? `http://${host}` : options.origin;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: {
          host,
          ...(origin ? { origin } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body: parsed, setCookie: res.headers['set-cookie'] ?? [] });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `portal.look` as a page on `host` asks for it. */
async function lookOn(host: string) {
  // A page's own GET carries no Origin.
  const answer = await onHost(host, '/api/trpc/portal.look', { origin: null });
  expect(answer.status).toBe(200);
  return superjson.deserialize((answer.body as { result: { data: never } }).result.data);
}

const messageIdOf = (error: unknown) => (error as { data?: { messageId?: string } }).data?.messageId;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  port = Number(new URL(server.url).port);
  owner = await signUpInstructor(server.url, 'owner@example.org');
  rival = await signUpInstructor(server.url, 'rival@example.org');
  unverified = await signUpInstructor(server.url, 'unverified@example.org');
  await verifyEmail(server, owner.userId);
  await verifyEmail(server, rival.userId);
  // Their sign-in was remembered unverified when their client connected: looked up afresh.
  for (const user of [owner, rival]) server.services.sessions.forget({ cookie: user.cookie });
});
afterAll(async () => {
  for (const user of [owner, rival, unverified]) user?.close();
  await server?.close();
  await database?.drop();
});

const app = () => `127.0.0.1:${port}`;
const acme = () => `acme.localhost:${port}`;

describe('a portal by its host', () => {
  it('is claimed by a verified instructor, once', async () => {
    expect(await lookOn(acme())).toBeNull();
    expect(
      await owner.api.portal.claimPortal.mutate({ name: ' Acme ', heroTitle: '  Acme   Academy ' }),
    ).toEqual({
      name: 'acme',
      heroTitle: 'Acme Academy',
    });
    expect(await owner.api.portal.myPortal.query()).toEqual({ name: 'acme', heroTitle: 'Acme Academy' });
    // The same name again, by another instructor or the owner: refused, nothing changed.
    await expect(rival.api.portal.claimPortal.mutate({ name: 'acme', heroTitle: 'Mine' })).rejects.toSatisfy(
      (error) => messageIdOf(error) === 'settings.errPortalTaken',
    );
    await expect(owner.api.portal.claimPortal.mutate({ name: 'other', heroTitle: 'Two' })).rejects.toSatisfy(
      (error) => messageIdOf(error) === 'settings.errPortalHeld',
    );
    await expect(
      unverified.api.portal.claimPortal.mutate({ name: 'free', heroTitle: 'X' }),
    ).rejects.toSatisfy((error) => messageIdOf(error) === 'account.errEmailNotVerified');
    for (const [name, id] of [
      ['www', 'settings.errPortalReserved'],
      ['ab', 'settings.errPortalName'],
      ['no_underscores', 'settings.errPortalName'],
    ] as const)
      await expect(rival.api.portal.claimPortal.mutate({ name, heroTitle: 'X' })).rejects.toSatisfy(
        (error) => messageIdOf(error) === id,
      );
    await expect(rival.api.portal.claimPortal.mutate({ name: 'rival', heroTitle: ' ' })).rejects.toSatisfy(
      (error) => messageIdOf(error) === 'settings.errPortalHeroTitle',
    );
    expect(await rival.api.portal.myPortal.query()).toBeNull();
    const rows = await server.services.database.db.selectFrom('portals').select('name').execute();
    expect(rows).toEqual([{ name: 'acme' }]);
  });

  it('shows the workspace’s look under the hero title on the portal’s host only', async () => {
    // The public page's settings (another part of issue 28) write these: here, by hand.
    await server.services.database.db
      .updateTable('workspaces')
      .set({
        main_color: '#8b1e3f',
        bck_color: '#fdf6e3',
        text_color: '#1f2937',
        language: 'fr',
        logo_key: 'logos/acme.png',
        logo_thumb_key: 'logos/acme-thumb.png',
        use_thumbnail: true,
      })
      .where('owner_id', '=', owner.userId)
      .execute();
    server.services.portals.forget('acme');
    expect(await lookOn(acme())).toEqual({
      name: 'acme',
      heroTitle: 'Acme Academy',
      mainColor: '#8b1e3f',
      bckColor: '#fdf6e3',
      textColor: '#1f2937',
      logoUrl: '/files/logos/acme-thumb.png',
      language: 'fr',
    });
    // The same by a sub-domain of any parent, in any case, with a trailing dot.
    expect(await lookOn(`ACME.games.example.org.:${port}`)).toMatchObject({ name: 'acme' });
    // The product's own hosts, and a name nobody claimed: the product's normal look.
    expect(await lookOn(app())).toBeNull();
    expect(await lookOn(`localhost:${port}`)).toBeNull();
    expect(await lookOn(`nobody-here.localhost:${port}`)).toBeNull();
  });

  it('refuses sign-up on a portal’s host, not on the product’s', async () => {
    const form = { email: 'new@example.org', password: 'correct horse battery', name: 'New' };
    const onPortal = await onHost(acme(), '/api/auth/sign-up/email', { method: 'POST', body: form });
    expect(onPortal).toMatchObject({ status: 403, body: { code: 'SIGN_UP_CLOSED' } });
    const onApp = await onHost(app(), '/api/auth/sign-up/email', { method: 'POST', body: form });
    expect(onApp.status).toBe(200);
  });

  it('lets a page of a claimed portal sign in and call the API on its own host, not an unclaimed one', async () => {
    const credentials = { email: 'owner@example.org', password: 'correct horse battery' };
    const signIn = await onHost(acme(), '/api/auth/sign-in/email', { method: 'POST', body: credentials });
    expect(signIn.status).toBe(200);
    const cookie = signIn.setCookie.map((c) => c.split(';')[0]).join('; ');
    const mine = await onHost(acme(), '/api/trpc/portal.myPortal', { cookie });
    expect(mine.status).toBe(200);
    // A host no portal claimed (a DNS rebinding, a typo) is no trusted origin for a sign-in.
    const elsewhere = await onHost(`nobody-here.localhost:${port}`, '/api/auth/sign-in/email', {
      method: 'POST',
      body: credentials,
    });
    expect(elsewhere).toMatchObject({ status: 403, body: { code: 'INVALID_ORIGIN' } });
    // Another site's page may not call the portal's API.
    const foreign = await onHost(acme(), '/api/trpc/portal.setHeroTitle', {
      method: 'POST',
      body: superjson.serialize({ heroTitle: 'Hacked' }),
      cookie,
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    // Nor a page of another site whose name points at our address (DNS rebinding): its name is
    // both its Origin and the Host it sends (issue 29, item 6).
    const rebound = await onHost(`rebound.evil.example:${port}`, '/api/trpc/portal.setHeroTitle', {
      method: 'POST',
      body: superjson.serialize({ heroTitle: 'Hacked' }),
      cookie,
    });
    expect(rebound.status).toBe(403);
    expect(await owner.api.portal.myPortal.query()).toMatchObject({ heroTitle: 'Acme Academy' });
  });

  it('opens the live WebSocket from a portal’s page, not from another site’s', async () => {
    const open = (origin: string) =>
      new Promise<boolean>((resolve) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/api/trpc`, {
          headers: { host: acme(), origin },
        });
        socket.on('open', () => {
          socket.close();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
        socket.on('unexpected-response', () => resolve(false));
      });
    expect(await open(`http://${acme()}`)).toBe(true);
    expect(await open('https://evil.example')).toBe(false);
    expect(await open(`https://${acme()}`)).toBe(false);
  });

  it('takes a new hero title at once, and shows the normal look once the name is released', async () => {
    expect(await owner.api.portal.setHeroTitle.mutate({ heroTitle: 'Acme Campus' })).toEqual({
      name: 'acme',
      heroTitle: 'Acme Campus',
    });
    expect(await lookOn(acme())).toMatchObject({ heroTitle: 'Acme Campus' });
    await expect(rival.api.portal.setHeroTitle.mutate({ heroTitle: 'Mine' })).rejects.toSatisfy(
      (error) => messageIdOf(error) === 'settings.errPortalNone',
    );
    await expect(rival.api.portal.releasePortal.mutate()).rejects.toSatisfy(
      (error) => messageIdOf(error) === 'settings.errPortalNone',
    );
    expect(await owner.api.portal.releasePortal.mutate()).toEqual({ name: 'acme' });
    expect(await lookOn(acme())).toBeNull();
    // Free again: another instructor may claim it.
    expect(await rival.api.portal.claimPortal.mutate({ name: 'acme', heroTitle: 'Rival' })).toMatchObject({
      name: 'acme',
    });
  });
});
