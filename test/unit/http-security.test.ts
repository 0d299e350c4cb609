/**
 * The HTTP guards of issue 8 by themselves: whose address a request has, the headers every answer
 * carries, the Origin rule, and the log that a flood of refusals cannot flood.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientAddressResolver } from '../../src-server/http/client-address';
import { everyMinuteAtMost } from '../../src-server/http/errors';
import { noStore, originCheck, securityHeaders, servePage } from '../../src-server/http/security';

/** What proxy-addr and the Origin rule read of a request. */
const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, connection: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('the client address', () => {
  const forwarded = (xff: string, remoteAddress = '127.0.0.1') =>
    request(remoteAddress, { 'x-forwarded-for': xff });

  it('is the socket’s, whatever X-Forwarded-For says, when no proxy is trusted', () => {
    expect(clientAddressResolver([])(forwarded('203.0.113.9'))).toBe('127.0.0.1');
  });

  it('is the forwarded one when the socket is a trusted proxy', () => {
    expect(clientAddressResolver(['loopback'])(forwarded('203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddressResolver(['loopback'])(forwarded('203.0.113.9', '::ffff:127.0.0.1'))).toBe(
      '203.0.113.9',
    );
  });

  it('ignores the header of a socket that is not the trusted proxy', () => {
    expect(clientAddressResolver(['10.0.0.1'])(forwarded('203.0.113.9'))).toBe('127.0.0.1');
  });

  it('walks a chain of trusted proxies, and stops at the first it does not trust', () => {
    const chain = forwarded('1.2.3.4, 10.0.0.2');
    expect(clientAddressResolver(['loopback', '10.0.0.0/8'])(chain)).toBe('1.2.3.4');
    // The first entry is what the client itself sent: believed only through trusted hops.
    expect(clientAddressResolver(['loopback'])(chain)).toBe('10.0.0.2');
  });

  it('is the socket’s without a header', () => {
    expect(clientAddressResolver(['loopback'])(request('127.0.0.1'))).toBe('127.0.0.1');
  });
});

describe('security headers', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'simgames-page-'));
  const page = path.join(folder, 'index.html');
  writeFileSync(page, '<meta name="csp-nonce" content="%CSP_NONCE%" /><style nonce="%CSP_NONCE%"></style>');
  const servers: Array<{ close(): void }> = [];

  /** A tiny app with the guards in front of a page and an API route, on a free port. */
  async function serve(https: boolean): Promise<string> {
    const app = express();
    app.use(securityHeaders({ https }));
    app.use('/api', noStore);
    app.get('/api/answer', (_req, res) => {
      res.json({ ok: true });
    });
    app.get('/', servePage(page));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  let plain: string;
  let secure: string;
  beforeAll(async () => {
    [plain, secure] = await Promise.all([serve(false), serve(true)]);
  });
  afterAll(() => {
    for (const server of servers) server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('sends no HSTS over plain HTTP (it would lock browsers out of a local server)', async () => {
    const response = await fetch(`${plain}/`);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
  });

  it('sends HSTS for a year and upgrades insecure requests over HTTPS', async () => {
    const response = await fetch(`${secure}/`);
    const maxAge = /max-age=(\d+)/.exec(response.headers.get('strict-transport-security') ?? '')?.[1];
    expect(Number(maxAge)).toBeGreaterThanOrEqual(31_536_000);
    expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('puts the nonce the CSP names in every placeholder of the page, a new one each time', async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${plain}/`);
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      expect(nonce).toBeTruthy();
      expect(await response.text()).toBe(
        `<meta name="csp-nonce" content="${nonce}" /><style nonce="${nonce}"></style>`,
      );
      expect(response.headers.get('cache-control')).toBe('no-cache');
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('marks API answers no-store', async () => {
    const response = await fetch(`${plain}/api/answer`);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses at start a page without the nonce placeholder', () => {
    const bare = path.join(folder, 'bare.html');
    writeFileSync(bare, '<html></html>');
    expect(() => servePage(bare)).toThrow(/%CSP_NONCE%/);
  });
});

describe('the Origin rule', () => {
  const own = {
    trustedOrigins: ['https://games.example.org'],
    appHosts: ['games.example.org', 'localhost', '127.0.0.1'],
    publicUrl: 'https://games.example.org',
  };
  const check = originCheck(own);
  const from = (headers: Record<string, string>) =>
    request('127.0.0.1', { host: 'games.example.org', ...headers });

  it('calls a page of another site foreign, and a sandboxed page too', () => {
    expect(check.isForeign(from({ origin: 'http://evil.example' }))).toBe(true);
    expect(check.isForeign(from({ origin: 'null' }))).toBe(true);
  });

  it('lets through a request without an Origin (not from a page), a trusted one and a portal’s', () => {
    expect(check.isForeign(from({}))).toBe(false);
    expect(check.isForeign(from({ origin: 'https://games.example.org' }))).toBe(false);
    expect(
      check.isForeign(from({ host: 'acme.games.example.org', origin: 'https://acme.games.example.org' })),
    ).toBe(false);
  });

  it('does not take the request’s own Host for proof (DNS rebinding), nor another scheme or port', () => {
    // Issue 29, item 6: a name of the attacker's pointed at our address sends it in both headers.
    expect(
      check.isForeign(from({ host: 'rebound.evil.example', origin: 'https://rebound.evil.example' })),
    ).toBe(true);
    expect(check.isForeign(from({ origin: 'http://games.example.org' }))).toBe(true);
    expect(
      check.isForeign(from({ host: 'acme.games.example.org', origin: 'http://acme.games.example.org' })),
    ).toBe(true);
    expect(
      check.isForeign(
        from({ host: 'acme.games.example.org:8443', origin: 'https://acme.games.example.org:8443' }),
      ),
    ).toBe(true);
    // Not a portal: two labels before the app host, a reserved name, a look-alike host.
    for (const origin of [
      'https://a.acme.games.example.org',
      'https://www.games.example.org',
      'https://acmegames.example.org',
      'https://games.example.org.evil.example',
    ])
      expect(check.isForeign(from({ host: new URL(origin).host, origin })), origin).toBe(true);
  });

  it('takes the address a class reaches the server by when it is an IP address, where no name can be rebound', () => {
    const lan = originCheck({ ...own, publicUrl: 'http://localhost:3000', trustedOrigins: [] });
    const at = (host: string, origin: string) => request('127.0.0.1', { host, origin });
    expect(lan.isForeign(at('192.168.1.20:3000', 'http://192.168.1.20:3000'))).toBe(false);
    expect(lan.isForeign(at('[::1]:3000', 'http://[::1]:3000'))).toBe(false);
    expect(lan.isForeign(at('192.168.1.20:3000', 'http://192.168.1.21:3000'))).toBe(true);
    expect(lan.isForeign(at('school.example:3000', 'http://school.example:3000'))).toBe(true);
  });

  it('requires an Origin, and ours, on the WebSocket handshake', () => {
    expect(check.isOwnHandshake(from({}))).toBe(false);
    expect(check.isOwnHandshake(from({ origin: 'http://evil.example' }))).toBe(false);
    expect(
      check.isOwnHandshake(from({ host: 'rebound.evil.example', origin: 'https://rebound.evil.example' })),
    ).toBe(false);
    expect(check.isOwnHandshake(from({ origin: 'https://games.example.org' }))).toBe(true);
  });
});

describe('a warning at most once a minute', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('logs one line for a flood, then the next with how many it left out', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const lines: Array<Record<string, unknown>> = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const warn = everyMinuteAtMost(log);
    for (let i = 0; i < 100; i++)
      warn('request from a foreign origin refused', { origin: 'http://evil.example' });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'request from a foreign origin refused',
        origin: 'http://evil.example',
        leftOut: 0,
      }),
    ]);
    vi.advanceTimersByTime(59_999);
    warn('request from a foreign origin refused', {});
    expect(lines).toHaveLength(1);
    vi.advanceTimersByTime(1);
    warn('request from a foreign origin refused', {});
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ level: 40, leftOut: 100 });
  });

  it('takes a shorter interval', async () => {
    const lines: string[] = [];
    const warn = everyMinuteAtMost(pino({}, { write: (line: string) => lines.push(line) }), 50);
    for (let i = 0; i < 100; i++) warn('refused', {});
    expect(lines).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    warn('refused', {});
    expect(lines.map((line) => JSON.parse(line).leftOut)).toEqual([0, 99]);
  });
});
