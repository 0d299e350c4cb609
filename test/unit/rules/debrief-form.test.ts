/** The debrief editor's form (rules/debrief-form.ts): read, refused, written back. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BEERGAME_DEBRIEF_SECTIONS } from '../../../src-shared/beergame/constants';
import { configDebriefSchema } from '../../../src-shared/beergame/schemas';
import { LEAN_DEBRIEF_SECTIONS } from '../../../src-shared/leangame/constants';
import { leanConfigDebriefSchema } from '../../../src-shared/leangame/debrief-config';
import {
  type DebriefForm,
  debriefFormErrors,
  debriefToForm,
  expectedNumber,
  formToDebrief,
  freshId,
  moved,
} from '../../../src-shared/rules/debrief-form';

const config = leanConfigDebriefSchema.parse({
  thankYouSection: { show: true, text: 'Thanks' },
  debriefContent: ['wip', 'pnl'],
  questionsSection: {
    show: true,
    questions: [
      { id: 'q1', text: 'WIP?', answer: 4.5 },
      { id: 'q2', text: 'Best improvement?', answer: 'kanban' },
      { id: 'q3', text: 'Your take?', answer: null },
    ],
  },
  textBlocks: [{ id: 'b1', after: 'wip', text: 'See https://example.org' }],
});

describe('the debrief form', () => {
  it('lists every section, those shown first in their order, and reads the expected answers’ kinds', () => {
    const form = debriefToForm(config, LEAN_DEBRIEF_SECTIONS);
    expect(form.sections.slice(0, 3)).toEqual([
      { id: 'wip', shown: true },
      { id: 'pnl', shown: true },
      { id: 'optionButtons', shown: false },
    ]);
    expect(form.sections).toHaveLength(LEAN_DEBRIEF_SECTIONS.length);
    expect(form.questions.map((q) => [q.kind, q.expected])).toEqual([
      ['number', '4.5'],
      ['text', 'kanban'],
      ['none', ''],
    ]);
  });

  it('writes back the configuration it read', () => {
    expect(formToDebrief(debriefToForm(config, LEAN_DEBRIEF_SECTIONS))).toEqual(config);
    const none = debriefToForm(null, BEERGAME_DEBRIEF_SECTIONS);
    expect(formToDebrief(none)).toEqual(configDebriefSchema.parse({}));
  });

  it('refuses an empty question, a number that is not one, an empty expected text, an empty thank-you or text', () => {
    const form: DebriefForm = {
      ...debriefToForm(config, LEAN_DEBRIEF_SECTIONS),
      thankYou: { show: true, text: '  ' },
      blocks: [{ id: 'b1', after: null, text: '' }],
      questions: [
        { id: 'q1', text: ' ', kind: 'none', expected: '' },
        { id: 'q2', text: 'x', kind: 'number', expected: 'four' },
        { id: 'q3', text: 'y', kind: 'text', expected: ' ' },
        { id: 'q4', text: 'z', kind: 'number', expected: '1,000' },
      ],
    };
    expect(debriefFormErrors(form).map((e) => [e.field, e.messageId])).toEqual([
      ['thankYou', 'gameSettings.debrief.errThankYouText'],
      ['block:b1', 'gameSettings.debrief.errBlockText'],
      ['question:q1', 'gameSettings.debrief.errQuestionText'],
      ['expected:q2', 'gameSettings.debrief.errExpectedNumber'],
      ['expected:q3', 'gameSettings.debrief.errExpectedText'],
      ['expected:q4', 'gameSettings.debrief.errExpectedNumber'],
    ]);
    expect(debriefFormErrors(debriefToForm(config, LEAN_DEBRIEF_SECTIONS))).toEqual([]);
  });

  it('reads an expected number as people type it', () => {
    expect(expectedNumber('4,5')).toBe(4.5);
    expect(expectedNumber(' -12 ')).toBe(-12);
    expect(expectedNumber('1e3')).toBeNull();
  });

  it('(property) whatever the moves and ticks, every section stays once and the result passes the schema', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(20), fc.constantFrom(-1 as const, 1 as const), fc.boolean()), {
          maxLength: 30,
        }),
        (steps) => {
          let form = debriefToForm(null, LEAN_DEBRIEF_SECTIONS);
          for (const [index, by, shown] of steps) {
            form = { ...form, sections: moved(form.sections, index % form.sections.length, by) };
            const id = form.sections[index % form.sections.length]!.id;
            form = { ...form, sections: form.sections.map((s) => (s.id === id ? { ...s, shown } : s)) };
          }
          expect(form.sections.map((s) => s.id).sort()).toEqual([...LEAN_DEBRIEF_SECTIONS].sort());
          expect(leanConfigDebriefSchema.safeParse(formToDebrief(form)).success).toBe(true);
        },
      ),
    );
  });

  it('gives fresh ids', () => {
    expect(freshId('q', [])).toBe('q1');
    expect(freshId('q', ['q2'])).toBe('q3');
    expect(freshId('q', ['q1', 'q3'])).toBe('q4');
  });
});
