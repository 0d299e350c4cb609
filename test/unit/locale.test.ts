import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseLocale, LOCALES } from '../../src-shared/rules/locale';

describe('locale choice', () => {
  it('takes the first usable source in the order enforced, workspace, profile, browser, English', () => {
    expect(chooseLocale({ enforced: 'de', workspace: 'fr', profile: 'es', browser: ['it'] })).toBe('de');
    expect(chooseLocale({ workspace: 'fr', profile: 'es', browser: ['it'] })).toBe('fr');
    expect(chooseLocale({ profile: 'es', browser: ['it'] })).toBe('es');
    expect(chooseLocale({ browser: ['it'] })).toBe('it');
    expect(chooseLocale({})).toBe('en');
  });

  it('skips unknown codes and reads regional browser tags by their language', () => {
    expect(chooseLocale({ enforced: 'xx', profile: 'ja', browser: ['ja-JP', 'pt-BR', 'fr'] })).toBe('pt');
    expect(chooseLocale({ browser: ['zh-CN'] })).toBe('en');
  });
});

describe('locale files', () => {
  const read = (code: string) =>
    JSON.parse(readFileSync(`locales/${code}.json`, 'utf8')) as Record<string, string>;
  const english = read('en');

  it.each(LOCALES.filter((code) => code !== 'en'))('%s has every message of en.json, none empty', (code) => {
    const messages = read(code);
    const missing = Object.keys(english).filter((id) => !messages[id]?.trim());
    expect(missing).toEqual([]);
  });

  it.each(LOCALES.filter((code) => code !== 'en'))(
    '%s keeps the placeholders of each English message',
    (code) => {
      const messages = read(code);
      // An ICU argument is `{name}` or `{name, plural|select|number…`; the text of a plural branch
      // (`one {Waiting for # more player.}`) is not a placeholder and differs in every language.
      const placeholders = (text: string) => [...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]).sort();
      const mismatched = Object.keys(english).filter(
        (id) => messages[id] && placeholders(messages[id]).join() !== placeholders(english[id]!).join(),
      );
      expect(mismatched).toEqual([]);
    },
  );
});
