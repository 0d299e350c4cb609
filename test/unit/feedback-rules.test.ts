/** The feedback form's rules (issue 28): the page kept as a path without its secrets, the message's bounds. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_PAGE_MAX,
  feedbackPagePath,
  feedbackSendInput,
} from '../../src-shared/api/feedback';

const browser = { userAgent: 'test', viewportWidth: 390, viewportHeight: 844, locale: 'en' } as const;
const input = (message: string) => ({ message, kind: 'problem', contactConsent: false, page: '/', browser });

describe('feedbackPagePath', () => {
  it('cuts the query and the fragment, and the address before the path', () => {
    expect(feedbackPagePath('/auth/reset?token=abc#x')).toBe('/auth/reset');
    expect(feedbackPagePath('https://simgames.example/join?code=ABC')).toBe('/join');
    expect(feedbackPagePath('/dashboard#profile')).toBe('/dashboard');
    expect(feedbackPagePath('')).toBe('/');
  });

  it('never keeps what follows a ? or a #, and is always a bounded path', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (path, secret) => {
        const kept = feedbackPagePath(`${path}?token=${secret}`);
        expect(kept.startsWith('/')).toBe(true);
        expect(kept).not.toContain('?');
        expect(kept).not.toContain('#');
        expect(kept.length).toBeLessThanOrEqual(FEEDBACK_PAGE_MAX);
        expect(kept.includes(`token=${secret}`)).toBe(false);
      }),
    );
  });
});

describe('feedbackSendInput', () => {
  it('takes any typed text of 1 to the most characters, trimmed, and refuses the rest', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: FEEDBACK_MESSAGE_MAX + 50 }), (text) => {
        const parsed = feedbackSendInput.safeParse(input(text));
        const trimmed = text.trim();
        if (parsed.success) {
          expect(parsed.data.message).toBe(trimmed);
          expect(trimmed.length).toBeGreaterThan(0);
          expect(trimmed.length).toBeLessThanOrEqual(FEEDBACK_MESSAGE_MAX);
        } else expect(parsed.error.issues[0]?.message).toMatch(/^errors\./);
      }),
    );
  });

  it('refuses an empty and a too long message with their message ids', () => {
    expect(feedbackSendInput.safeParse(input('  ')).error?.issues[0]?.message).toBe('errors.textRequired');
    expect(
      feedbackSendInput.safeParse(input('x'.repeat(FEEDBACK_MESSAGE_MAX + 1))).error?.issues[0]?.message,
    ).toBe('errors.textTooLong');
    expect(feedbackSendInput.safeParse(input('x'.repeat(FEEDBACK_MESSAGE_MAX))).success).toBe(true);
  });
});
