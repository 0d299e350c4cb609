/**
 * The lean debrief the instructor writes and the players' answers to its questions, as in the beer
 * game (beergame/debrief.ts): the creator writes it at any time (before the round, while it runs,
 * after it); a player answers once the round is over, one answer per question (a new one replaces
 * theirs). Whether an answer is right is decided on reading (the expected answer may be edited):
 * the creator sees it, a player never does (a lean debrief has no "answers final" step, so telling
 * a player would let them find the expected answers by trying).
 */
import { type Actor, type CommandContext, DomainError } from '../eventsourcing/decider';
import { answerMatches } from '../rules/answer-check';
import { type AnyConfigDebrief, withoutExpectedAnswers } from '../rules/debrief-config';
import { LEAN_DEBRIEF_ANSWER_MAX } from './constants';
import { defaultLeanConfigDebrief, type LeanConfigDebrief, leanConfigDebriefSchema } from './debrief-config';
import type { LeanCommandOf } from './decide';
import type { LeanEvent, LeanEventOf } from './events';
import { fail, requireCreator } from './guards';
import type { LeanCommand } from './schemas';
import type { LeanState } from './state';

/** The game's debrief configuration (the default for a set-up recorded without one). */
export function leanConfigDebriefOf(state: LeanState): LeanConfigDebrief {
  return state.setup?.params.configDebrief ?? defaultLeanConfigDebrief();
}

export function configureLeanDebrief(
  command: LeanCommandOf<'ConfigureLeanDebrief'>,
  state: LeanState,
  ctx: CommandContext,
  at: number,
): LeanEvent[] {
  requireCreator(state, ctx);
  const parsed = leanConfigDebriefSchema.safeParse(command.configDebrief);
  if (!parsed.success)
    fail('errInvalidDebrief', { reason: parsed.error.issues[0]?.message.slice(0, 500) ?? 'invalid' });
  const configDebrief = parsed.data!;
  if (JSON.stringify(configDebrief) === JSON.stringify(leanConfigDebriefOf(state))) return [];
  return [{ type: 'LeanDebriefConfigured', data: { at, configDebrief } }];
}

export function answerLeanDebriefQuestion(
  command: LeanCommandOf<'AnswerLeanDebriefQuestion'>,
  state: LeanState,
  ctx: CommandContext,
  at: number,
): LeanEvent[] {
  if (state.endAt === null) fail('errDebriefNotOpen');
  const userId = ctx.actor.userId;
  const seat = state.facilities.find((f) => f.user === userId) ?? fail('errOnlyPlayersAnswer');
  const questions = leanConfigDebriefOf(state).questionsSection;
  if (!questions.show || !questions.questions.some((q) => q.id === command.questionId))
    fail('errQuestionUnknown');
  const answer = command.answer.trim();
  if (answer === '') throw new DomainError('errors.textRequired');
  if (answer.length > LEAN_DEBRIEF_ANSWER_MAX)
    throw new DomainError('errors.textTooLong', { max: LEAN_DEBRIEF_ANSWER_MAX });
  const previous = state.answers.find((a) => a.questionId === command.questionId && a.userId === userId);
  if (previous?.answer === answer) return [];
  return [
    {
      type: 'LeanDebriefQuestionAnswered',
      data: { at, questionId: command.questionId, userId, facilityId: seat.id, answer },
    },
  ];
}

type LeanDebriefCommand = LeanCommandOf<'ConfigureLeanDebrief' | 'AnswerLeanDebriefQuestion'>;
export type LeanDebriefEvent = LeanEventOf<'LeanDebriefConfigured' | 'LeanDebriefQuestionAnswered'>;

export const isLeanDebriefCommand = (command: LeanCommand): command is LeanDebriefCommand =>
  command.type === 'ConfigureLeanDebrief' || command.type === 'AnswerLeanDebriefQuestion';
export const isLeanDebriefEvent = (event: LeanEvent): event is LeanDebriefEvent =>
  event.type === 'LeanDebriefConfigured' || event.type === 'LeanDebriefQuestionAnswered';

/** The debrief's commands: the creator writes it, a player answers. */
export function leanDebriefCommand(
  command: LeanDebriefCommand,
  state: LeanState,
  ctx: CommandContext,
  at: number,
): LeanEvent[] {
  return command.type === 'ConfigureLeanDebrief'
    ? configureLeanDebrief(command, state, ctx, at)
    : answerLeanDebriefQuestion(command, state, ctx, at);
}

/** The debrief's events folded. */
export function leanDebriefEvent(state: LeanState, event: LeanDebriefEvent): LeanState {
  return event.type === 'LeanDebriefConfigured'
    ? leanDebriefConfigured(state, event.data)
    : leanDebriefQuestionAnswered(state, event.data);
}

export function leanDebriefConfigured(
  state: LeanState,
  d: LeanEventOf<'LeanDebriefConfigured'>['data'],
): LeanState {
  const setup = state.setup!;
  return { ...state, setup: { ...setup, params: { ...setup.params, configDebrief: d.configDebrief } } };
}

/** A player's answer replaces their earlier one to the same question. */
export function leanDebriefQuestionAnswered(
  state: LeanState,
  d: LeanEventOf<'LeanDebriefQuestionAnswered'>['data'],
): LeanState {
  const others = state.answers.filter((a) => a.questionId !== d.questionId || a.userId !== d.userId);
  return { ...state, answers: [...others, d] };
}

/** The debrief as `viewer` may see it: all of it for the creator; for the others once the round is over, without the expected answers. */
export function leanDebriefFor(state: LeanState, isCreator: boolean): LeanConfigDebrief | null {
  const config = leanConfigDebriefOf(state);
  if (isCreator) return config;
  return state.endAt !== null ? withoutExpectedAnswers(config) : null;
}

export interface LeanAnswerView {
  questionId: string;
  facilityId: string;
  answer: string;
  /** Null for an open question, and always for a player (see the top of this file). */
  correct: boolean | null;
}

/** Whether `answer` is right for `question` (null: an open question). */
export function checkedAnswer(config: AnyConfigDebrief, questionId: string, answer: string): boolean | null {
  const expected = config.questionsSection.questions.find((q) => q.id === questionId)?.answer ?? null;
  return expected === null ? null : answerMatches(expected, answer);
}

/** The answers the viewer may see: every one, checked, for the creator; a player's own, unchecked. */
export function leanAnswersFor(state: LeanState, viewer: Actor, isCreator: boolean): LeanAnswerView[] {
  const config = leanConfigDebriefOf(state);
  return state.answers
    .filter((a) => isCreator || a.userId === viewer.userId)
    .map((a) => ({
      questionId: a.questionId,
      facilityId: a.facilityId,
      answer: a.answer,
      correct: isCreator ? checkedAnswer(config, a.questionId, a.answer) : null,
    }));
}
