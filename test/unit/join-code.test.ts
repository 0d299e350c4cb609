import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import {
  formatJoinCode,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  JOIN_CODE_REFUSED,
  joinCodeOf,
  normaliseJoinCode,
} from '../../src-shared/rules/join-code';
import { LOCALES } from '../../src-shared/rules/locale';

const read = (code: string) =>
  JSON.parse(readFileSync(`locales/${code}.json`, 'utf8')) as Record<string, string>;

const gameId = fc.stringMatching(/^[A-Za-z0-9_-]{12}$/);

describe('join codes', () => {
  it('uses no character of a look-alike pair, and none twice', () => {
    for (const lookAlike of '0OQ1IL2Z5S6G8BUV') expect(JOIN_CODE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(JOIN_CODE_ALPHABET.length);
    expect(JOIN_CODE_ALPHABET).toMatch(/^[A-Z0-9]+$/);
  });

  it('names every character it refuses, which the message about a mistyped code lists', () => {
    expect(JOIN_CODE_REFUSED).toBe('0 1 2 5 6 8 B G I L O Q S U V Z');
    for (const char of JOIN_CODE_REFUSED.split(' ')) expect(normaliseJoinCode(`ACD4F${char}`)).toBeNull();
    for (const code of LOCALES) {
      const message = new IntlMessageFormat(read(code)['game.errCodeFormat']!, code);
      expect(message.format({ lookAlikes: JOIN_CODE_REFUSED }), code).toContain(JOIN_CODE_REFUSED);
    }
  });

  it('is 6 characters of the alphabet, the same for the same game id', () => {
    fc.assert(
      fc.property(gameId, (id) => {
        const code = joinCodeOf(id);
        expect(code).toHaveLength(JOIN_CODE_LENGTH);
        for (const char of code) expect(JOIN_CODE_ALPHABET).toContain(char);
        expect(joinCodeOf(id)).toBe(code);
      }),
    );
  });

  it('keeps known ids on known codes: stored codes must never change', () => {
    expect(joinCodeOf('Q2dpbWVzLTEyMz')).toBe('MCXJXT');
    expect(joinCodeOf('x')).toBe('K9FNAF');
  });

  it('spreads ids over many codes (collisions are rare, the server draws again)', () => {
    const codes = new Set(Array.from({ length: 20_000 }, (_, i) => joinCodeOf(`game-${i}`)));
    expect(codes.size).toBeGreaterThan(19_990);
  });

  it('reads what a person types: any case, spaces, dashes and dots between groups', () => {
    fc.assert(
      fc.property(gameId, (id) => {
        const code = joinCodeOf(id);
        expect(normaliseJoinCode(code)).toBe(code);
        expect(normaliseJoinCode(code.toLowerCase())).toBe(code);
        expect(normaliseJoinCode(` ${formatJoinCode(code)} `)).toBe(code);
        expect(normaliseJoinCode(`${code.slice(0, 3)}-${code.slice(3)}`)).toBe(code);
        expect(normaliseJoinCode(`${code.slice(0, 2)}.${code.slice(2, 4)}_${code.slice(4)}`)).toBe(code);
      }),
    );
  });

  it('refuses a look-alike, a character outside the alphabet, or a wrong length', () => {
    expect(normaliseJoinCode('ACD4F0')).toBeNull();
    expect(normaliseJoinCode('ACD4FO')).toBeNull();
    expect(normaliseJoinCode('1CD4FH')).toBeNull();
    expect(normaliseJoinCode('ACD4F')).toBeNull();
    expect(normaliseJoinCode('ACD4FHJ')).toBeNull();
    expect(normaliseJoinCode('')).toBeNull();
    expect(normaliseJoinCode('ACD\u00004F')).toBeNull();
    expect(normaliseJoinCode('ÀCD4FH')).toBeNull();
    expect(normaliseJoinCode('acd 4fh')).toBe('ACD4FH');
  });

  it('shows a code as two groups of three', () => {
    expect(formatJoinCode('ACD4FH')).toBe('ACD 4FH');
  });
});
