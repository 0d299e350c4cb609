import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src-server/config';
import { composeMail } from '../../src-server/mail/compose';
import { retryDelayMs } from '../../src-server/mail/outbox';
import { LOCALES } from '../../src-shared/rules/locale';

describe('mail', () => {
  it('waits twice as long after each failure, never more than an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryDelayMs(20, 30_000)).toBe(3_600_000);
  });

  it.each(LOCALES)(
    'writes every mail in %s, text and HTML, with the product and its values',
    async (locale) => {
      const link = 'https://games.example.org/auth-action?mode=resetPassword&code=abcdefgh12345678';
      const reset = await composeMail('resetPassword', locale, { name: 'Ada <Admin>', link });
      expect(reset.subject).toContain('SimGames');
      expect(reset.text).toContain(link);
      expect(reset.text).toContain('Ada <Admin>');
      expect(reset.html).toContain('Ada &lt;Admin&gt;');
      expect(reset.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
      expect(reset.html).toContain(`lang="${locale}"`);
      expect(reset.links).toEqual([link]);
      const none = await composeMail('noAccount', locale, {
        email: 'someone@example.org',
        signupLink: 'https://games.example.org/signup',
      });
      expect(none.text).toContain('someone@example.org');
      expect(none.links).toEqual(['https://games.example.org/signup']);
      if (locale !== 'en') {
        const english = await composeMail('resetPassword', 'en', { name: 'Ada <Admin>', link });
        expect(reset.text).not.toBe(english.text);
      }
    },
  );

  it('reads SMTP_URL and the mail limits, and refuses a URL that is not SMTP', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:secret@mail.example.org:465',
      PASSWORD_RESET_LIMIT: '5/600',
    });
    expect(config.mail.smtpUrl).toBe('smtps://user:secret@mail.example.org:465');
    expect(config.limits.passwordResetsPerEmail).toEqual({ max: 5, windowSeconds: 600 });
    expect(loadConfig({}).mail.smtpUrl).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
  });
});
