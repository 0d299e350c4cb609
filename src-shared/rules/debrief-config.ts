/**
 * What an instructor writes of a debrief (spec point 3, `configDebrief`), the same in both games:
 * a thank-you section, the sections shown and their order (spec point 9, each game its own list),
 * their own text between sections (plain text with links, rules/text-links.ts), and questions with
 * an expected answer (a number, a text checked by the tolerant rule of rules/answer-check.ts, or
 * none). Players never see the expected answers (`withoutExpectedAnswers`).
 */
import { z } from 'zod';

export const DEBRIEF_TEXT_MAX = 5000;
export const DEBRIEF_QUESTION_MAX = 2000;
export const DEBRIEF_QUESTIONS_MAX = 50;
export const DEBRIEF_BLOCKS_MAX = 20;

/** A question of the debrief (`answer` null: an open question; the creator alone sees the answer). */
export const debriefQuestionSchema = z.object({
  id: z.string().min(1).max(64),
  text: z.string().max(DEBRIEF_QUESTION_MAX),
  answer: z
    .union([z.string().max(DEBRIEF_QUESTION_MAX), z.number()])
    .nullable()
    .default(null),
});
export type DebriefQuestion = z.infer<typeof debriefQuestionSchema>;

/**
 * The instructor's own text, shown after the section `after` (null: before the first section). A
 * block after a section that is not shown comes after the last section shown.
 */
export const debriefTextBlockSchema = z.object({
  id: z.string().min(1).max(64),
  after: z.string().max(40).nullable().default(null),
  text: z.string().max(DEBRIEF_TEXT_MAX),
});
export type DebriefTextBlock = z.infer<typeof debriefTextBlockSchema>;

const unique = (list: readonly string[]) => new Set(list).size === list.length;

/** The `configDebrief` schema of a game whose debrief has `sections`, in their default order. */
export function debriefConfigSchema<const S extends readonly [string, ...string[]]>(sections: S) {
  return z.object({
    thankYouSection: z
      .object({ show: z.boolean().default(false), text: z.string().max(DEBRIEF_TEXT_MAX).default('') })
      .prefault({}),
    debriefContent: z
      .array(z.enum(sections))
      .refine(unique, 'debrief sections repeated')
      .default([...sections]),
    questionsSection: z
      .object({
        show: z.boolean().default(false),
        questions: z
          .array(debriefQuestionSchema)
          .max(DEBRIEF_QUESTIONS_MAX)
          .refine((list) => unique(list.map((q) => q.id)), 'question ids repeated')
          .default([]),
      })
      .prefault({}),
    textBlocks: z
      .array(debriefTextBlockSchema)
      .max(DEBRIEF_BLOCKS_MAX)
      .refine((list) => unique(list.map((b) => b.id)), 'text block ids repeated')
      .refine(
        (list) => list.every((b) => b.after === null || (sections as readonly string[]).includes(b.after)),
        {
          message: 'text block after an unknown section',
        },
      )
      .default([]),
  });
}

/** The part every game's debrief configuration shares. */
export interface AnyConfigDebrief {
  thankYouSection: { show: boolean; text: string };
  debriefContent: readonly string[];
  questionsSection: { show: boolean; questions: DebriefQuestion[] };
  textBlocks: DebriefTextBlock[];
}

/** The debrief configuration as a player may see it: the questions without their expected answers. */
export function withoutExpectedAnswers<T extends AnyConfigDebrief>(d: T): T {
  return {
    ...d,
    questionsSection: {
      ...d.questionsSection,
      questions: d.questionsSection.questions.map((q) => ({ ...q, answer: null })),
    },
  };
}

/** The debrief shown in order: the instructor's blocks placed among the sections shown. */
export type DebriefItem<S extends string> =
  | { kind: 'section'; section: S }
  | { kind: 'text'; block: DebriefTextBlock };

export function debriefItems<S extends string>(config: {
  debriefContent: readonly S[];
  textBlocks?: readonly DebriefTextBlock[];
}): DebriefItem<S>[] {
  const blocks = config.textBlocks ?? [];
  const shown = new Set<string>(config.debriefContent);
  const text = (after: string | null) =>
    blocks.filter((b) => b.after === after).map((block) => ({ kind: 'text' as const, block }));
  return [
    ...text(null),
    ...config.debriefContent.flatMap((section) => [{ kind: 'section' as const, section }, ...text(section)]),
    ...blocks
      .filter((b) => b.after !== null && !shown.has(b.after))
      .map((block) => ({ kind: 'text' as const, block })),
  ];
}

/** Whether a debrief asks its players questions. */
export function asksQuestions(d: AnyConfigDebrief | null | undefined): boolean {
  return (d?.questionsSection.show ?? false) && (d?.questionsSection.questions.length ?? 0) > 0;
}
