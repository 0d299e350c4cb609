import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  errorFingerprint,
  isBrowserNoise,
  normalizeMessage,
  topFrame,
  withoutProviderPrefix,
} from '../../../src-shared/rules/error-grouping';
import {
  asksConsentOn,
  consentedVisitor,
  isReportedFailure,
  TRACKING_COOKIE_MAX_AGE_SECONDS,
  trackingCookie,
} from '../../../src-shared/rules/tracking';

const VISITOR = '0b7d5c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';

describe('the provider prefix (spec point 8)', () => {
  it.each([
    [
      'Firebase: Password should be at least 6 characters (auth/weak-password).',
      'Password should be at least 6 characters',
    ],
    ['[better-auth] Invalid email or password', 'Invalid email or password'],
    ['TRPCClientError: Failed to fetch', 'Failed to fetch'],
    ['Error: boom', 'boom'],
    ['plain words stay', 'plain words stay'],
  ])('%s → %s', (message, shown) => {
    expect(withoutProviderPrefix(message)).toBe(shown);
  });
  it('never leaves an empty message', () => {
    fc.assert(
      fc.property(fc.string(), (text) => (text.trim() ? withoutProviderPrefix(text).length > 0 : true)),
    );
  });
});

describe('error grouping', () => {
  it('groups messages that differ by ids and numbers, and by the build hash of their frame', () => {
    const a = errorFingerprint({
      source: 'client',
      message: 'Game 4f2c9a1b-1111-4222-8333-944455556666 not found after 12 tries',
      stack: 'Error: x\n    at load (http://host:3000/assets/play-3f9aC2d1.js:10:5)',
    });
    const b = errorFingerprint({
      source: 'client',
      message: 'Game 9a1b4f2c-1111-4222-8333-944455556666 not found after 3 tries',
      stack: 'Error: x\n    at load (https://other/assets/play-Zz81kq0p.js:99:1)',
    });
    expect(a).toBe(b);
    expect(a).toMatch(/^client-[0-9a-f]{8}$/);
  });
  it('separates other messages, other frames and other sources', () => {
    const base = { source: 'client', message: 'boom', stack: 'at f (/a.js:1:1)' };
    const fingerprint = errorFingerprint(base);
    expect(errorFingerprint({ ...base, message: 'bang' })).not.toBe(fingerprint);
    expect(errorFingerprint({ ...base, stack: 'at g (/a.js:1:1)' })).not.toBe(fingerprint);
    expect(errorFingerprint({ ...base, source: 'server' })).not.toBe(fingerprint);
  });
  it('reads the top frame of V8 and Firefox stacks', () => {
    expect(topFrame('Error: boom\n    at boom (http://h/assets/play-3f9aC2d1.js:12:7)\n    at x')).toBe(
      'boom (/assets/play.js)',
    );
    expect(topFrame('boom@http://h/src/x.ts:3:9\n')).toBe('boom@/src/x.ts');
    expect(topFrame(undefined)).toBe('');
  });
  it('normalizes quoted values and addresses', () => {
    expect(normalizeMessage('Cannot read "x" of https://a.b/c?d=1')).toBe('Cannot read <value> of <url>');
  });
  it('is a function of its input alone', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (message, stack) => {
        const report = { source: 'server', message, stack };
        expect(errorFingerprint(report)).toBe(errorFingerprint({ ...report }));
      }),
    );
  });
});

describe('the consent rule', () => {
  it('is the presence of a well-formed tracking cookie', () => {
    expect(consentedVisitor(`a=1; sg_vid=${VISITOR}; b=2`)).toBe(VISITOR);
    expect(consentedVisitor('a=1')).toBeNull();
    expect(consentedVisitor('sg_vid=')).toBeNull();
    expect(consentedVisitor('sg_vid=not-an-id')).toBeNull();
    expect(consentedVisitor(undefined)).toBeNull();
  });
  it('never finds a visitor in a cookie header without the tracking cookie', () => {
    fc.assert(
      fc.property(fc.string(), (header) => {
        fc.pre(!header.includes('sg_vid'));
        expect(consentedVisitor(header)).toBeNull();
      }),
    );
  });
  it('keeps the tracking cookie 30 days (spec point 9), and deletes it on a refusal', () => {
    expect(TRACKING_COOKIE_MAX_AGE_SECONDS).toBe(30 * 24 * 3600);
    expect(trackingCookie(VISITOR, true)).toBe(
      `sg_vid=${VISITOR}; Max-Age=2592000; Path=/; SameSite=Lax; Secure`,
    );
    expect(trackingCookie(null, false)).toBe('sg_vid=; Max-Age=0; Path=/; SameSite=Lax');
    expect(consentedVisitor(trackingCookie(VISITOR, false).split(';')[0])).toBe(VISITOR);
  });
});

describe('which failed requests are reported', () => {
  it('network failures and server errors, not refusals', () => {
    expect(isReportedFailure(null)).toBe(true);
    expect(isReportedFailure({})).toBe(true);
    expect(isReportedFailure({ httpStatus: 500 })).toBe(true);
    expect(isReportedFailure({ httpStatus: 400 })).toBe(false);
    expect(isReportedFailure({ httpStatus: 429 })).toBe(false);
  });
});

describe('browser noise, never reported', () => {
  it('is the ResizeObserver loop and the opaque cross-origin script error, nothing else', () => {
    expect(isBrowserNoise('ResizeObserver loop completed with undelivered notifications.')).toBe(true);
    expect(isBrowserNoise('ResizeObserver loop limit exceeded')).toBe(true);
    expect(isBrowserNoise('Script error.')).toBe(true);
    expect(isBrowserNoise('TypeError: ResizeObserver loop in our code')).toBe(false);
    expect(isBrowserNoise('Cannot read properties of undefined')).toBe(false);
  });
});

describe('where a visit is asked for consent', () => {
  it('on the front door, the sign-in pages, the demo and the dashboard; never on a class page', () => {
    for (const path of ['/', '/signup', '/login/', '/demo', '/quote', '/dashboard', '/dashboard/games'])
      expect(asksConsentOn(path), path).toBe(true);
    for (const path of ['/game/abc/play', '/session/s1/lobby', '/j/ABC123', '/user/ada', '/dashboards'])
      expect(asksConsentOn(path), path).toBe(false);
  });
});
