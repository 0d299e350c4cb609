/** Every message id a game's decider can throw has a translation, with the same placeholders, in all 11 languages. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const languages = ['en', 'fr', 'es', 'de', 'pt', 'it', 'nl', 'pl', 'tr', 'cs', 'ro'];
const load = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
// An argument's name, as `{name}` or `{name, number}` (English says when a count is a plain number).
const placeholders = (text: string) => [...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]).sort();

/** The `fail('err...')` ids of every module of a game's engine folder. */
function thrownIds(game: 'beergame' | 'leangame'): string[] {
  const folder = new URL(`../../src-shared/${game}/`, import.meta.url);
  const ids = new Set<string>();
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const source = readFileSync(new URL(file, folder), 'utf8');
    for (const m of source.matchAll(/fail\('(err[A-Za-z]+)'/g)) ids.add(`${game}.${m[1]}`);
  }
  return [...ids];
}

describe.each([
  ['leangame', 30, 'leangame.errPanelLocked'],
  ['beergame', 20, 'beergame.errOrderNotWhole'],
] as const)('%s messages', (game, atLeast, example) => {
  const ids = thrownIds(game);
  const en = load('en');
  it('finds the ids the decider throws', () => {
    expect(ids.length).toBeGreaterThan(atLeast);
    expect(ids).toContain(example);
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
