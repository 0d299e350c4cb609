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

  it('refuses a port that is not one', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
