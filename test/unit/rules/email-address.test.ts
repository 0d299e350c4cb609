import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, emailAddressProblem } from '../../../src-shared/rules/email-address';
import { describeUserAgent } from '../../../src-shared/rules/user-agent';

describe('an address before sign-up (spec verifyEmail)', () => {
  it('accepts an address, for sign-up and demo alike', () => {
    for (const reason of ['signup', 'demo'] as const)
      expect(emailAddressProblem('ada.lovelace@example.org', reason)).toBeNull();
  });

  it('refuses what is not one, padded, or too long', () => {
    expect(emailAddressProblem('ada', 'signup')).toBe('INVALID_EMAIL');
    expect(emailAddressProblem(' ada@example.org', 'signup')).toBe('INVALID_EMAIL');
    expect(emailAddressProblem(42, 'demo')).toBe('INVALID_EMAIL');
    expect(emailAddressProblem(`${'a'.repeat(EMAIL_MAX_LENGTH)}@example.org`, 'signup')).toBe(
      'EMAIL_TOO_LONG',
    );
  });

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.emailAddress(), fc.anything()), (typed) => {
        const problem = emailAddressProblem(typed, 'signup');
        expect([null, 'INVALID_EMAIL', 'EMAIL_TOO_LONG']).toContain(problem);
      }),
    );
  });
});

describe('a signed-in device as its owner recognizes it', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      'Chrome',
      'Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Safari',
      'iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox', 'Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      'Edge',
      'macOS',
    ],
  ])('%s', (agent, browser, os) => {
    expect(describeUserAgent(agent)).toEqual({ browser, os });
  });

  it('says nothing it does not know', () => {
    expect(describeUserAgent(null)).toEqual({ browser: null, os: null });
    expect(describeUserAgent('curl/8.0')).toEqual({ browser: null, os: null });
  });
});
