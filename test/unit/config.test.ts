import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src-server/config';

describe('configuration from the environment', () => {
  it('serves on port 3000 of this machine, on the embedded database, by default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', databaseUrl: undefined });
    expect(config.trustedOrigins).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
    expect(config.dataDir).toMatch(/data[/\\]pglite$/);
  });

  it('trusts only the public URL when one is given', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://games.example.org/',
      PORT: '8080',
      DATABASE_URL: 'postgres://x@y/z',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://games.example.org',
      databaseUrl: 'postgres://x@y/z',
    });
    expect(config.trustedOrigins).toEqual(['https://games.example.org']);
  });

  it('counts the public URL’s host and this machine’s names as the product’s own hosts, or APP_HOSTS', () => {
    expect(loadConfig({}).appHosts).toEqual(['localhost', '127.0.0.1']);
    expect(loadConfig({ PUBLIC_URL: 'https://Games.Example.org:8443' }).appHosts).toEqual([
      'games.example.org',
      'localhost',
      '127.0.0.1',
    ]);
    expect(loadConfig({ APP_HOSTS: ' games.example.org, WWW.example.org ' }).appHosts).toEqual([
      'games.example.org',
      'www.example.org',
    ]);
    expect(() => loadConfig({ APP_HOSTS: 'https://games.example.org' })).toThrow(/APP_HOSTS/);
    expect(() => loadConfig({ APP_HOSTS: 'games.example.org:443' })).toThrow(/APP_HOSTS/);
  });

  it('refuses a port that is not one', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

describe('limits and proxies from the environment', () => {
  it('defaults to the README’s table', () => {
    const config = loadConfig({});
    expect(config.trustProxy).toEqual([]);
    expect(config.migrationDatabaseUrl).toBeUndefined();
    expect(config.limits).toEqual({
      bodyBytes: 131_072,
      batchCalls: 20,
      subscriptionsPerSocket: 20,
      subscriptionsPerAddress: 3000,
      callsPerSocket: { max: 300, windowSeconds: 10 },
      codeLookups: { max: 3000, windowSeconds: 60 },
      codeLookupsPerSocket: { max: 30, windowSeconds: 60 },
      socketsPerAddress: 1000,
      gameCreations: { max: 30, windowSeconds: 60 },
      gamesCreated: { max: 1000, windowSeconds: 3600 },
      liveGames: 5000,
      anonymousSignIns: { max: 1000, windowSeconds: 60 },
      signUps: { max: 100, windowSeconds: 3600 },
      signInFailuresPerAccount: { max: 5, windowSeconds: 900 },
      signInFailuresPerAddress: { max: 50, windowSeconds: 900 },
      passwordResetsPerEmail: { max: 3, windowSeconds: 3600 },
      passwordResetsPerAddress: { max: 20, windowSeconds: 3600 },
      passwordResetAttempts: { max: 20, windowSeconds: 3600 },
      verificationMailsPerEmail: { max: 5, windowSeconds: 3600 },
      verificationMailsPerAddress: { max: 20, windowSeconds: 3600 },
      accountDeletions: { max: 5, windowSeconds: 900 },
      accountDataDownloads: { max: 10, windowSeconds: 3600 },
      quotes: { max: 60, windowSeconds: 60 },
      demos: { max: 60, windowSeconds: 3600 },
      logoUploads: { max: 20, windowSeconds: 3600 },
      feedback: { max: 10, windowSeconds: 3600 },
      errorReports: { max: 300, windowSeconds: 60 },
      trackedEvents: { max: 120, windowSeconds: 60 },
      teamInvites: { max: 50, windowSeconds: 3600 },
    });
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: 'SimGames <no-reply@localhost>',
      retryMs: 30_000,
      maxAttempts: 10,
    });
  });

  it('reads MAX/SECONDS limits, sizes and the trusted proxies', () => {
    const config = loadConfig({
      GAME_CREATION_LIMIT: '5/10',
      QUOTE_LIMIT: '120/60',
      DEMO_LIMIT: '3/600',
      LOGO_UPLOAD_LIMIT: '5/60',
      MAX_BODY_BYTES: '1024',
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
      DATABASE_URL: 'postgres://app@db/simgames',
      MIGRATION_DATABASE_URL: 'postgres://owner@db/simgames',
    });
    expect(config.limits.gameCreations).toEqual({ max: 5, windowSeconds: 10 });
    expect(config.limits.quotes).toEqual({ max: 120, windowSeconds: 60 });
    expect(config.limits.demos).toEqual({ max: 3, windowSeconds: 600 });
    expect(config.limits.logoUploads).toEqual({ max: 5, windowSeconds: 60 });
    expect(config.limits.bodyBytes).toBe(1024);
    expect(config.trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(config.migrationDatabaseUrl).toBe('postgres://owner@db/simgames');
  });

  it.each([
    [{ MAX_BODY_BYTES: 'abc' }, /MAX_BODY_BYTES must be a whole number/],
    [{ MAX_BODY_BYTES: '0' }, /MAX_BODY_BYTES must be a whole number ≥ 1, got "0"/],
    [{ MAX_BATCH_CALLS: '2.5' }, /MAX_BATCH_CALLS/],
    [{ GAME_CREATION_LIMIT: '5' }, /GAME_CREATION_LIMIT must read MAX\/SECONDS/],
    [{ GAME_CREATION_LIMIT: '5/0' }, /GAME_CREATION_LIMIT must read MAX\/SECONDS/],
    [{ GAME_CREATION_LIMIT: '0/60' }, /GAME_CREATION_LIMIT/],
    // Counters older than a day are deleted: a longer window would not hold.
    [{ GAME_CREATION_LIMIT: '5/100000' }, /SECONDS at most 86400/],
    [{ TRUST_PROXY: 'loopback, not-an-address' }, /TRUST_PROXY/],
    [
      { MIGRATION_DATABASE_URL: 'postgres://owner@db/simgames' },
      /MIGRATION_DATABASE_URL needs a DATABASE_URL/,
    ],
  ])('refuses %j with a clear error', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('Google and Microsoft sign-in from the environment', () => {
  it('offers neither unless configured', () => {
    expect(loadConfig({}).socialSignIn).toEqual({ google: undefined, microsoft: undefined });
  });

  it("talks to Google's and Microsoft's own services, for every tenant, by default", () => {
    const { socialSignIn } = loadConfig({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      MICROSOFT_CLIENT_ID: 'm-id',
      MICROSOFT_CLIENT_SECRET: 'm-secret',
    });
    expect(socialSignIn).toEqual({
      google: { clientId: 'g-id', clientSecret: 'g-secret', issuer: 'https://accounts.google.com' },
      microsoft: {
        clientId: 'm-id',
        clientSecret: 'm-secret',
        tenantId: 'common',
        authority: 'https://login.microsoftonline.com',
      },
    });
  });

  it('refuses an id without its secret, a tenant that is not one, and an issuer over plain http elsewhere', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'g-id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ MICROSOFT_CLIENT_SECRET: 's' })).toThrow(/MICROSOFT_CLIENT_ID/);
    const google = { GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' };
    expect(() => loadConfig({ ...google, GOOGLE_ISSUER: 'http://accounts.example.org' })).toThrow(/https/);
    expect(() => loadConfig({ ...google, GOOGLE_ISSUER: 'not a url' })).toThrow(/GOOGLE_ISSUER/);
    expect(
      loadConfig({ ...google, GOOGLE_ISSUER: 'http://127.0.0.1:4000/' }).socialSignIn.google?.issuer,
    ).toBe('http://127.0.0.1:4000');
    expect(() => loadConfig({ MICROSOFT_TENANT_ID: 'a/../b' })).toThrow(/MICROSOFT_TENANT_ID/);
  });
});

describe('plans and billing from the environment', () => {
  it("sells nothing by default (self-hosting) and reads the hosted service's settings", () => {
    expect(loadConfig({}).billing).toMatchObject({
      plans: false,
      trialDays: 14,
      trialPlayers: 30,
      vatService: undefined,
    });
    const hosted = loadConfig({
      PLANS: 'on',
      SELLER_COUNTRY: 'fr',
      SELLER_ADDRESS: '1 rue de la Paix | 75002 Paris',
      VAT_SERVICE_URL: 'https://vat.example.org/',
      TRIAL_DAYS: '30',
    }).billing;
    expect(hosted).toMatchObject({
      plans: true,
      seller: { countryCode: 'FR', address: ['1 rue de la Paix', '75002 Paris'] },
      vatService: { url: 'https://vat.example.org', apiKey: null },
      trialDays: 30,
    });
  });

  it.each([
    { PLANS: 'maybe' },
    { SELLER_COUNTRY: 'France' },
    { VAT_SERVICE_URL: 'ftp://vat' },
    { TRIAL_DAYS: '0' },
  ])('refuses %j with a clear error', (env) => expect(() => loadConfig(env)).toThrow(Object.keys(env)[0]));
});
