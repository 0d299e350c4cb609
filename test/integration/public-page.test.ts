/**
 * The public instructor page through the real server (issue 28, item 2): the logo upload route
 * (its size, its type by content, a PNG resized, an SVG's script removed and the file served under
 * a policy that runs nothing), the page's settings (a slug claimed once, one's own page only) and
 * the page as anyone sees it (hidden when switched off).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { SVG_POLICY } from '../../src-server/storage/files-route';
import { LOGO_MAX_BYTES } from '../../src-shared/rules/public-page';
import { freshDatabase, type TestDatabase } from '../support/database';
import { type ApiUser, rawRequest, signUpInstructor, startTestServer, trpcRequest } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let ada: ApiUser;
let bob: ApiUser;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    limits: { logoUploads: { max: 12, windowSeconds: 3600 } },
  });
  ada = await signUpInstructor(server.url, 'ada.page@example.com');
  bob = await signUpInstructor(server.url, 'bob.page@example.com');
});
afterAll(async () => {
  ada?.close();
  bob?.close();
  await server.close();
  await database.drop();
});

// The page's own address, as PUBLIC_URL names it (the Origin rule trusts no other).
const origin = () => new URL(server.url).origin.replace('localhost', '127.0.0.1');

async function upload(body: Buffer, options: { cookie?: string; name?: string; origin?: string } = {}) {
  const response = await fetch(`${origin()}/api/upload/logo`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      origin: options.origin ?? origin(),
      'x-file-name': encodeURIComponent(options.name ?? 'logo.png'),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: new Uint8Array(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const fetchFile = (url: string) => fetch(`${origin()}${url}`);

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();

describe('logo upload', () => {
  it('refuses a file over 2 MB with the spec message, and keeps nothing', async () => {
    const big = Buffer.concat([await pngOf(8, 8), Buffer.alloc(LOGO_MAX_BYTES)]);
    const answer = await upload(big, { cookie: ada.cookie });
    expect(answer.status).toBe(413);
    expect(answer.body.messageId).toBe('settings.pageLogoRefused');
    expect((await ada.api.portal.myPage.query()).logoUrl).toBeNull();
  });

  it('refuses a file that is not a PNG, JPEG or SVG by its content, whatever its name', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const answer = await upload(gif, { cookie: ada.cookie, name: 'logo.png' });
    expect(answer.status).toBe(400);
    expect(answer.body.messageId).toBe('settings.pageLogoRefused');
    // PNG signature, then no picture.
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(100),
    ]);
    expect((await upload(fake, { cookie: ada.cookie })).body.messageId).toBe('settings.pageLogoRefused');
  });

  it('refuses a visitor, a player and a page of another site', async () => {
    const png = await pngOf(10, 10);
    expect((await upload(png)).status).toBe(401);
    expect((await upload(png, { cookie: ada.cookie, origin: 'https://evil.example' })).status).toBe(403);
  });

  it('resizes a PNG to 512 px at most, with a 128 px thumbnail', async () => {
    const answer = await upload(await pngOf(1200, 600), { cookie: ada.cookie, name: 'école.png' });
    expect(answer.status).toBe(200);
    expect(answer.body.logoFilename).toBe('école.png');
    const logo = await fetchFile(answer.body.logoUrl as string);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([512, 256]);
    const thumb = await sharp(
      Buffer.from(await (await fetchFile(answer.body.thumbnailUrl as string)).arrayBuffer()),
    ).metadata();
    expect([thumb.width, thumb.height]).toEqual([128, 64]);
  });

  it('removes the script and event handlers of an SVG and serves it under a policy that runs nothing', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">' +
        '<script>alert(2)</script><circle cx="5" cy="5" r="4" fill="#0a7" onclick="alert(3)"/>' +
        '<foreignObject><iframe src="javascript:alert(4)"></iframe></foreignObject></svg>',
    );
    const answer = await upload(svg, { cookie: ada.cookie, name: 'logo.svg' });
    expect(answer.status).toBe(200);
    const served = await fetchFile(answer.body.logoUrl as string);
    const text = await served.text();
    expect(text).toContain('<circle');
    expect(text).not.toMatch(/script|onload|onclick|alert|foreignObject|iframe/i);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toBe(SVG_POLICY);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('deletes the previous logo once a new one is stored', async () => {
    const first = await upload(await pngOf(20, 20), { cookie: ada.cookie });
    await upload(await pngOf(30, 30), { cookie: ada.cookie });
    expect((await fetchFile(first.body.logoUrl as string)).status).toBe(404);
  });

  it('answers 404 for an unknown file and for a path that is no key', async () => {
    expect((await fetchFile('/files/logos/nothing.png')).status).toBe(404);
    expect((await fetchFile('/files/..%2f..%2fpackage.json')).status).toBe(404);
  });
});

/** portal.page as the page asks it: an HTTP query, signed out. */
const pageAt = (address: string) =>
  rawRequest(
    server.url,
    `/api/trpc/portal.page?input=${encodeURIComponent(JSON.stringify({ json: { address } }))}`,
    {
      method: 'GET',
    },
  );

const look = {
  appTitle: 'École des Mines',
  language: 'fr' as const,
  mainColor: '#1D4ED8',
  bckColor: '#ffffff',
  useThumbnail: true,
  activePage: true,
  slug: 'ecole-des-mines',
};

describe('page settings and the page', () => {
  it('saves the look; a slug another page holds is refused, nothing changed', async () => {
    const saved = await ada.api.portal.savePage.mutate(look);
    expect(saved).toMatchObject({ slug: 'ecole-des-mines', mainColor: '#1d4ed8', language: 'fr' });
    const taken = await trpcRequest(
      server.url,
      'portal.savePage',
      { ...look, appTitle: 'Bob' },
      { cookie: bob.cookie },
    );
    expect(taken.messageId).toBe('settings.pageSlugTaken');
    expect((await bob.api.portal.myPage.query()).appTitle).toBeNull();
    const bad = await trpcRequest(
      server.url,
      'portal.savePage',
      { ...look, slug: 'Not A Slug' },
      { cookie: bob.cookie },
    );
    expect(bad.messageId).toBe('settings.pageSlugInvalid');
  });

  it("refuses to publish another instructor's game", async () => {
    const { gameId } = await ada.api.beergame.create.mutate({ name: 'Class of Monday', template: 'classic' });
    const refused = await trpcRequest(
      server.url,
      'portal.publish',
      { items: [{ kind: 'game', id: gameId }] },
      { cookie: bob.cookie },
    );
    expect(refused.status).toBe(400);
    expect(refused.messageId).toBe('settings.pagePublishNotYours');
    const published = await ada.api.portal.publish.mutate({ items: [{ kind: 'game', id: gameId }] });
    expect(published.map((item) => item.id)).toEqual([gameId]);
  });

  it('shows the page to anyone by slug, owner id or workspace id, and hides it when switched off', async () => {
    const bySlug = await pageAt('ecole-des-mines');
    expect(bySlug.status).toBe(200);
    const page = (bySlug.body as { result: { data: { json: Record<string, unknown> } } }).result.data.json;
    expect(page).toMatchObject({ appTitle: 'École des Mines', language: 'fr', mainColor: '#1d4ed8' });
    expect(page.logoUrl).toMatch(/-thumb\.png$/);
    expect((page.items as { name: string }[]).map((item) => item.name)).toEqual(['Class of Monday']);
    expect((await pageAt(ada.userId)).status).toBe(200);
    expect((await pageAt(page.workspaceId as string)).status).toBe(200);

    await ada.api.portal.savePage.mutate({ ...look, activePage: false });
    const hidden = await pageAt('ecole-des-mines');
    expect(hidden.status).toBe(404);
    expect(hidden.messageId).toBe('dashboard.messUserPageUnknown');
    expect((await pageAt('nobody-here')).messageId).toBe('dashboard.messUserPageUnknown');
    await ada.api.portal.savePage.mutate(look);
  });

  it('counts uploads per instructor', async () => {
    const png = await pngOf(4, 4);
    let last = 0;
    for (let i = 0; i < 14 && last !== 429; i++) last = (await upload(png, { cookie: bob.cookie })).status;
    expect(last).toBe(429);
  });
});
