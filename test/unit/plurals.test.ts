/**
 * Counts in every language (issue 23, item 12): a number that counts something goes through the
 * locale's plural rules ("1 joueur connecté", "4 zespoły", "25 zespołów"), every message formats
 * in every locale with counts that reach each plural category, and every message id the code
 * names is one of en.json's (a missing one is read out as its raw key).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src-shared/rules/locale';

const read = (code: string) =>
  JSON.parse(readFileSync(`locales/${code}.json`, 'utf8')) as Record<string, string>;
const english = read('en');

/** Placeholders whose name says they count something: each needs a plural, or an explicit number format. */
const COUNT_NAMES = new Set([
  'available',
  'connected',
  'count',
  'done',
  'events',
  'late',
  'minutes',
  'n',
  'orderWeeks',
  'players',
  'refused',
  'rounds',
  'seconds',
  'steps',
  'teams',
  'totalWeeks',
  'transitWeeks',
  'weeks',
]);
/** Messages whose count-like placeholder is something else; why. */
const NOT_COUNTS: Record<string, string> = {
  'dashboard.deleteExplain': '{count} is the text to type to confirm, as typed',
  'session.endGamesExplain': '{teams} is the list of the teams’ names',
  'lean.debrief.replay.position':
    '{minutes} is the round’s length on the clock, in tenths, as the page writes it',
  'gameSettings.demandDrawn': '{weeks} is the list of drawn values',
};
/** Words that, right after a number, agree with it: "{max} characters", "<b>{count}</b> teams", "{minutes}-minute". */
const COUNTED_NOUN =
  /^(?:live )?(?:characters|facilities|games|minutes?|players|rounds|seconds|sessions|teams|units|values|views|weeks)\b/;
/**
 * The plural categories a translation must write out (es, it, pt and fr may skip `many`: millions).
 * Turkish needs none: a noun after a number stays singular (`{count} takım`).
 */
const CATEGORIES: Record<Locale, string[]> = {
  en: ['one', 'other'],
  fr: ['one', 'other'],
  es: ['one', 'other'],
  de: ['one', 'other'],
  pt: ['one', 'other'],
  it: ['one', 'other'],
  nl: ['one', 'other'],
  tr: [],
  pl: ['one', 'few', 'many', 'other'],
  cs: ['one', 'few', 'many', 'other'],
  ro: ['one', 'few', 'other'],
};
/** Counts that reach every category of the 11 languages (pl: 1 one, 2–4 and 22 few, 0, 5 and 25 many). */
const COUNTS = [0, 1, 2, 3, 4, 5, 22, 25];

type Token = { literal: string } | { argument: string; type: 'plain' | 'number' | 'plural' | 'select' };

/** A list of elements with its tags opened: `<b>{count}</b> teams` reads as `{count} teams`. */
const opened = (elements: MessageFormatElement[]): MessageFormatElement[] =>
  elements.flatMap((element) => (element.type === TYPE.tag ? opened(element.children) : [element]));

/** A list of elements' text and arguments in reading order; plural and select branches are not entered. */
function tokens(elements: MessageFormatElement[]): Token[] {
  return opened(elements).flatMap((element): Token[] => {
    if (element.type === TYPE.literal) return [{ literal: element.value }];
    if (element.type === TYPE.argument) return [{ argument: element.value, type: 'plain' }];
    if (element.type === TYPE.number) return [{ argument: element.value, type: 'number' }];
    if (element.type === TYPE.plural) return [{ argument: element.value, type: 'plural' }];
    if (element.type === TYPE.select) return [{ argument: element.value, type: 'select' }];
    return [];
  });
}

/** Every list of elements of a message: its top level and each plural or select branch. */
function levels(elements: MessageFormatElement[]): MessageFormatElement[][] {
  const branches = opened(elements).flatMap((element) =>
    element.type === TYPE.plural || element.type === TYPE.select
      ? Object.values(element.options).flatMap((option) => levels(option.value))
      : [],
  );
  return [elements, ...branches];
}

/** The plural arguments of a message, at any depth, with the categories each writes out. */
function plurals(elements: MessageFormatElement[]): Array<{ argument: string; categories: string[] }> {
  return levels(elements).flatMap((level) =>
    opened(level).flatMap((element) =>
      element.type === TYPE.plural && element.pluralType === 'cardinal'
        ? [{ argument: element.value, categories: Object.keys(element.options) }]
        : [],
    ),
  );
}

/**
 * Where an English message shows a count as a bare number although it counts something: a
 * placeholder named as a count, or one a counted noun follows ("{max} characters", "{minutes}-minute").
 */
function bareCounts(id: string, text: string): string[] {
  return levels(parse(text)).flatMap((level) => {
    const sequence = tokens(level);
    return sequence.flatMap((token, i) => {
      if (!('argument' in token) || token.type === 'plural' || token.type === 'select') return [];
      const next = sequence[i + 1];
      const after = next && 'literal' in next ? next.literal : '';
      const noun = /^[\s-]/.test(after) ? COUNTED_NOUN.exec(after.replace(/^[\s-]+/, ''))?.[0] : undefined;
      const named = token.type === 'plain' && COUNT_NAMES.has(token.argument) && !NOT_COUNTS[id];
      return named || noun ? [`${id}: {${token.argument}}${noun ? ` ${noun}` : ''}`] : [];
    });
  });
}

describe('counts in English, the source', () => {
  it('finds the bare counts of a message', () => {
    expect(bareCounts('x', '<b>{count}</b> teams')).toEqual(['x: {count} teams']);
    expect(bareCounts('x', '{n} of {total}')).toEqual(['x: {n}']);
    expect(bareCounts('x', 'At most {max} characters.')).toEqual(['x: {max} characters']);
    expect(bareCounts('x', 'A {minutes}-minute round')).toEqual(['x: {minutes} minute']);
    expect(bareCounts('x', '{count, plural, one {# team} other {# teams}}')).toEqual([]);
    expect(bareCounts('x', 'Week {week} of {weeks, number}')).toEqual([]);
  });

  it('writes every count as a plural, or as a number where nothing agrees with it', () => {
    expect(Object.entries(english).flatMap(([id, text]) => bareCounts(id, text))).toEqual([]);
  });
});

describe.each(LOCALES)('%s', (locale) => {
  const messages = read(locale);

  it(`keeps English's plurals, each with the categories ${CATEGORIES[locale].join(', ') || 'it needs'}`, () => {
    const wrong = Object.entries(english).flatMap(([id, text]) => {
      const own = plurals(parse(messages[id] ?? ''));
      const dropped =
        CATEGORIES[locale].length === 0
          ? []
          : plurals(parse(text))
              .filter(({ argument }) => !own.some((p) => p.argument === argument))
              .map(({ argument }) => `${id} {${argument}}: no plural`);
      const lacking = own.flatMap(({ argument, categories }) => {
        const missing = CATEGORIES[locale].filter((c) => !categories.includes(c));
        return missing.length > 0 ? [`${id} {${argument}}: no ${missing.join(', ')}`] : [];
      });
      return [...dropped, ...lacking];
    });
    expect(wrong).toEqual([]);
  });

  it(`formats every message with the counts ${COUNTS.join(', ')}`, () => {
    const errors: string[] = [];
    const intl = createIntl({
      locale,
      messages: { ...english, ...messages },
      onError: (error) => errors.push(error.message),
    });
    const failures: string[] = [];
    for (const id of Object.keys(english)) {
      const names = new Set(levels(parse(english[id]!)).flatMap((level) => tokens(level)));
      for (const count of COUNTS) {
        const values: Record<string, unknown> = {};
        for (const token of names)
          if ('argument' in token) values[token.argument] = token.type === 'select' ? 'other' : count;
        for (const tag of (english[id]!.match(/<(\w+)>/g) ?? []).map((t) => t.slice(1, -1)))
          values[tag] = (chunks: string[]) => chunks.join('');
        const text = String(intl.formatMessage({ id }, values as Record<string, string>));
        if (text === id || /[{}]/.test(text)) failures.push(`${id} (${count}): ${text}`);
      }
    }
    expect(errors).toEqual([]);
    expect(failures).toEqual([]);
  });
});

describe('message ids in the code', () => {
  /** String literals shaped like a message id of a namespace en.json has ('map.stockBacklog'). */
  function idsInCode(): string[] {
    const namespaces = new Set(Object.keys(english).map((id) => id.split('.')[0]));
    const ids = new Set<string>();
    for (const folder of ['src-client', 'src-shared', 'src-server'])
      for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
        if (!/\.tsx?$/.test(file)) continue;
        const source = readFileSync(`${folder}/${file}`, 'utf8');
        for (const [, , id] of source.matchAll(/(['"`])([a-z][A-Za-z]*(?:\.[A-Za-z]\w*)+)\1/g))
          if (namespaces.has(id!.split('.')[0])) ids.add(`${folder}/${file}: ${id}`);
      }
    return [...ids];
  }

  it('are all in en.json (or begin ids of it, completed in the code)', () => {
    const keys = Object.keys(english);
    const ids = idsInCode();
    expect(ids.length).toBeGreaterThan(500);
    const unknown = ids.filter((entry) => {
      const id = entry.split(': ')[1]!;
      return english[id] === undefined && !keys.some((key) => key.startsWith(id));
    });
    expect(unknown).toEqual([]);
  });
});
