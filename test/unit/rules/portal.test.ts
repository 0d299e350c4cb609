import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { browserTitle } from '../../../src-shared/rules/browser-title';
import { chooseLocale, LOCALES } from '../../../src-shared/rules/locale';
import {
  heroTitleRefusal,
  hostNameOf,
  normalizeHeroTitle,
  normalizePortalName,
  portalNameOfHost,
  portalNameRefusal,
} from '../../../src-shared/rules/portal';

const APP_HOSTS = ['games.example.org', 'localhost', '127.0.0.1'];

describe('portal name rule', () => {
  it('takes a DNS label of 3 to 40 lower-case letters, digits and inner hyphens', () => {
    for (const name of ['acme', 'abc', 'school-42', 'a1b', 'x'.repeat(40)])
      expect(portalNameRefusal(name)).toBeNull();
    for (const name of [
      'ab',
      'x'.repeat(41),
      '-acme',
      'acme-',
      'ac me',
      'Acme',
      'acme.org',
      'écoles',
      'xn--bcher',
      '',
    ])
      expect(portalNameRefusal(name), name).toBe('settings.errPortalName');
  });

  it('refuses the reserved names', () => {
    for (const name of ['www', 'app', 'api', 'admin', 'login', 'mail'])
      expect(portalNameRefusal(name)).toBe('settings.errPortalReserved');
  });

  it('keeps a typed name trimmed and in lower case', () => {
    expect(normalizePortalName('  ACME-School ')).toBe('acme-school');
  });

  it('accepts only what a host name label may be, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (text) => {
        const name = normalizePortalName(text);
        if (portalNameRefusal(name) === null) {
          expect(name).toMatch(/^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/);
          expect(new URL(`http://${name}.example.org/`).hostname).toBe(`${name}.example.org`);
        }
      }),
    );
  });
});

describe('host → portal name', () => {
  it('reads the first label of a host that is not the product’s', () => {
    expect(portalNameOfHost('acme.games.example.org', APP_HOSTS)).toBe('acme');
    expect(portalNameOfHost('ACME.games.example.org:443', APP_HOSTS)).toBe('acme');
    expect(portalNameOfHost('acme.localhost:3000', APP_HOSTS)).toBe('acme');
    expect(portalNameOfHost('acme.portal.test.', APP_HOSTS)).toBe('acme');
  });

  it('names no portal on the product’s own hosts, IP addresses, bare names and impossible labels', () => {
    for (const host of [
      'games.example.org',
      'games.example.org:8080',
      'localhost:3000',
      '127.0.0.1:3000',
      '10.0.0.7',
      '[::1]:3000',
      'intranet',
      'www.example.org',
      'ab.example.org',
      '',
      undefined,
    ])
      expect(portalNameOfHost(host, APP_HOSTS), String(host)).toBeNull();
  });

  it('strips ports and trailing dots, keeps IPv6 brackets', () => {
    expect(hostNameOf('Example.ORG.:80')).toBe('example.org');
    expect(hostNameOf('[::1]:3000')).toBe('[::1]');
  });

  it('names a portal only with a claimable name, whatever the host', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (host) => {
        const name = portalNameOfHost(host, APP_HOSTS);
        if (name !== null) expect(portalNameRefusal(name)).toBeNull();
      }),
    );
  });
});

describe('hero title', () => {
  it('is 1 to 80 characters, white space folded, no control characters', () => {
    expect(normalizeHeroTitle('  Acme   Academy \n')).toBe('Acme Academy');
    expect(heroTitleRefusal('Acme Academy')).toBeNull();
    expect(heroTitleRefusal('')).toBe('settings.errPortalHeroTitle');
    expect(heroTitleRefusal('x'.repeat(81))).toBe('settings.errPortalHeroTitle');
    expect(heroTitleRefusal('a\u0007b')).toBe('settings.errPortalHeroTitle');
  });
});

describe('browser title rule', () => {
  it('is the route title, else the product’s default, where a portal shows its hero title', () => {
    expect(browserTitle({ route: 'Dashboard', product: 'SimGames', hero: 'Acme Academy' })).toBe('Dashboard');
    expect(browserTitle({ route: null, product: 'SimGames', hero: null })).toBe('SimGames');
    expect(browserTitle({ product: 'SimGames', hero: 'Acme Academy' })).toBe('Acme Academy');
    expect(browserTitle({ route: '  ', product: 'SimGames', hero: ' ' })).toBe('SimGames');
  });

  it('is never blank', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), (route, hero) => {
        expect(browserTitle({ route, product: 'SimGames', hero }).trim()).not.toBe('');
      }),
    );
  });
});

describe('locale priority with a workspace language', () => {
  const code = fc.option(fc.oneof(fc.constantFrom(...LOCALES), fc.constantFrom('xx', 'EN', '', 'fr-CA')));
  it('takes enforced, then workspace, then profile, then browser, then English', () => {
    fc.assert(
      fc.property(
        code,
        code,
        code,
        fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
        (enforced, workspace, profile, browser) => {
          const chosen = chooseLocale({ enforced, workspace, profile, browser });
          const known = [enforced, workspace, profile].find((c) =>
            (LOCALES as readonly unknown[]).includes(c),
          );
          if (known) expect(chosen).toBe(known);
          else expect(chosen).toBe(chooseLocale({ browser }));
          expect(LOCALES).toContain(chosen);
        },
      ),
    );
  });

  it('puts a customised page’s workspace language before the profile’s and the browser’s', () => {
    expect(chooseLocale({ workspace: 'de', profile: 'fr', browser: ['es'] })).toBe('de');
    expect(chooseLocale({ enforced: 'it', workspace: 'de', profile: 'fr' })).toBe('it');
    expect(chooseLocale({ workspace: null, profile: 'fr', browser: ['es'] })).toBe('fr');
  });
});
