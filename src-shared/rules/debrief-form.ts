/**
 * The debrief editor's form (either game): what the instructor sees and types, read from a
 * `configDebrief` and written back to one, and what it refuses, each with a message id. Pure, so
 * that the rules are tested here and the component only draws them.
 *
 * - Sections: every section of the game, those shown first in their order, then the hidden ones in
 *   the game's order; moving one up or down and showing or hiding it never loses one.
 * - A question's expected answer is none (an open question), a number (typed as people type them:
 *   `4,5` is 4.5, rules/answer-check.ts), or a text checked by the tolerant rule.
 * - A question needs its text; a number its one reading; a text answer some text; a text block
 *   and a thank-you that is on need their text. Each text within its maximum.
 */
import { numberReadings } from './answer-check';
import {
  type AnyConfigDebrief,
  DEBRIEF_BLOCKS_MAX,
  DEBRIEF_QUESTION_MAX,
  DEBRIEF_QUESTIONS_MAX,
  DEBRIEF_TEXT_MAX,
} from './debrief-config';

export type ExpectedKind = 'none' | 'number' | 'text';

export interface DebriefFormQuestion {
  id: string;
  text: string;
  kind: ExpectedKind;
  /** The expected answer as typed (a number is read on saving). */
  expected: string;
}

export interface DebriefForm {
  sections: Array<{ id: string; shown: boolean }>;
  thankYou: { show: boolean; text: string };
  questionsShown: boolean;
  questions: DebriefFormQuestion[];
  blocks: Array<{ id: string; after: string | null; text: string }>;
}

export interface DebriefFormError {
  /** Where: `thankYou`, `question:<id>`, `expected:<id>`, `block:<id>`. */
  field: string;
  messageId: string;
  values?: Record<string, number>;
}

export { DEBRIEF_BLOCKS_MAX, DEBRIEF_QUESTIONS_MAX };

/** The form of a debrief configuration (missing parts: their defaults). */
export function debriefToForm(
  config: Partial<AnyConfigDebrief> | null | undefined,
  all: readonly string[],
): DebriefForm {
  const content = (config?.debriefContent ?? all).filter((s) => all.includes(s));
  return {
    sections: [
      ...content.map((id) => ({ id, shown: true })),
      ...all.filter((id) => !content.includes(id)).map((id) => ({ id, shown: false })),
    ],
    thankYou: { show: config?.thankYouSection?.show ?? false, text: config?.thankYouSection?.text ?? '' },
    questionsShown: config?.questionsSection?.show ?? false,
    questions: (config?.questionsSection?.questions ?? []).map((q) => ({
      id: q.id,
      text: q.text,
      kind: q.answer === null ? 'none' : typeof q.answer === 'number' ? 'number' : 'text',
      expected: q.answer === null ? '' : String(q.answer),
    })),
    blocks: (config?.textBlocks ?? []).map((b) => ({ id: b.id, after: b.after, text: b.text })),
  };
}

/** The number an expected answer typed as `text` stands for, or null when it is not one number. */
export function expectedNumber(text: string): number | null {
  const readings = numberReadings(text);
  return readings.length === 1 && Number.isFinite(readings[0]) ? readings[0]! : null;
}

function tooLong(field: string, text: string, max: number): DebriefFormError[] {
  return text.length > max ? [{ field, messageId: 'errors.textTooLong', values: { max } }] : [];
}

/** What the form refuses, in the order it shows them (none: it can be saved). */
export function debriefFormErrors(form: DebriefForm): DebriefFormError[] {
  const errors: DebriefFormError[] = [];
  if (form.thankYou.show && form.thankYou.text.trim() === '')
    errors.push({ field: 'thankYou', messageId: 'gameSettings.debrief.errThankYouText' });
  errors.push(...tooLong('thankYou', form.thankYou.text, DEBRIEF_TEXT_MAX));
  for (const b of form.blocks) {
    if (b.text.trim() === '')
      errors.push({ field: `block:${b.id}`, messageId: 'gameSettings.debrief.errBlockText' });
    errors.push(...tooLong(`block:${b.id}`, b.text, DEBRIEF_TEXT_MAX));
  }
  for (const q of form.questions) {
    if (q.text.trim() === '')
      errors.push({ field: `question:${q.id}`, messageId: 'gameSettings.debrief.errQuestionText' });
    errors.push(...tooLong(`question:${q.id}`, q.text, DEBRIEF_QUESTION_MAX));
    if (q.kind === 'number' && expectedNumber(q.expected) === null)
      errors.push({ field: `expected:${q.id}`, messageId: 'gameSettings.debrief.errExpectedNumber' });
    if (q.kind === 'text' && q.expected.trim() === '')
      errors.push({ field: `expected:${q.id}`, messageId: 'gameSettings.debrief.errExpectedText' });
    if (q.kind === 'text') errors.push(...tooLong(`expected:${q.id}`, q.expected, DEBRIEF_QUESTION_MAX));
  }
  if (form.questions.length > DEBRIEF_QUESTIONS_MAX)
    errors.push({
      field: 'questions',
      messageId: 'gameSettings.debrief.errTooMany',
      values: { max: DEBRIEF_QUESTIONS_MAX },
    });
  if (form.blocks.length > DEBRIEF_BLOCKS_MAX)
    errors.push({
      field: 'blocks',
      messageId: 'gameSettings.debrief.errTooMany',
      values: { max: DEBRIEF_BLOCKS_MAX },
    });
  return errors;
}

/** The configuration a valid form saves (its texts trimmed; a block after a hidden section stays). */
export function formToDebrief(form: DebriefForm): AnyConfigDebrief {
  return {
    thankYouSection: { show: form.thankYou.show, text: form.thankYou.text.trim() },
    debriefContent: form.sections.filter((s) => s.shown).map((s) => s.id),
    questionsSection: {
      show: form.questionsShown,
      questions: form.questions.map((q) => ({
        id: q.id,
        text: q.text.trim(),
        answer:
          q.kind === 'none' ? null : q.kind === 'number' ? expectedNumber(q.expected) : q.expected.trim(),
      })),
    },
    textBlocks: form.blocks.map((b) => ({ id: b.id, after: b.after, text: b.text.trim() })),
  };
}

/** `list` with the item at `index` moved by `by` (-1 up, +1 down); the same list at an end. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** A fresh id not among `taken` (`q1`, `q2`... or `b1`...). */
export function freshId(prefix: string, taken: readonly string[]): string {
  for (let n = taken.length + 1; ; n++) if (!taken.includes(`${prefix}${n}`)) return `${prefix}${n}`;
}
