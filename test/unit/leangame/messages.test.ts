/** Every message id the lean decider can throw has a translation, with the same placeholders, in all 11 languages. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = readFileSync(new URL('../../../src-shared/leangame/decide.ts', import.meta.url), 'utf8');
const ids = [...new Set([...source.matchAll(/fail\('(err[A-Za-z]+)'/g)].map((m) => `leangame.${m[1]}`))];
const languages = ['en', 'fr', 'es', 'de', 'pt', 'it', 'nl', 'pl', 'tr', 'cs', 'ro'];
const load = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${lang}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
const placeholders = (text: string) => (text.match(/\{[a-zA-Z]+\}/g) ?? []).sort();

describe('lean game messages', () => {
  const en = load('en');
  it('finds the ids the decider throws', () => {
    expect(ids.length).toBeGreaterThan(30);
    expect(ids).toContain('leangame.errPanelLocked');
  });
  it.each(languages)('translates every id in %s with the English placeholders', (lang) => {
    const messages = load(lang);
    for (const id of ids) {
      expect(messages[id], `${lang} ${id}`).toBeTypeOf('string');
      expect(placeholders(messages[id]!), `${lang} ${id}`).toEqual(placeholders(en[id]!));
      if (lang !== 'en') expect(messages[id], `${lang} ${id}`).not.toBe(en[id]);
    }
  });
});
