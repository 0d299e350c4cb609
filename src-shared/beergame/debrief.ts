/**
 * The players' side of the debrief: answering its questions, and opening the results, after which
 * their answers are final (the results show the figures the questions ask about, and the view
 * tells a player whether an answer is right only from then on).
 */
import { type CommandContext, DomainError } from '../eventsourcing/decider';
import { DEBRIEF_ANSWER_MAX } from './constants';
import type { BeerCommandOf } from './decide';
import type { BeerEvent } from './events';
import { fail, requireAdmin, requireGame } from './guards';
import { configDebriefSchema } from './schemas';
import type { BeerState } from './state';

/**
 * A player answers a question of the debrief, once the game is over (the debrief opens then) and
 * until they open the results; an answer equal to their last one records nothing. Whether it is
 * right is not decided here: the expected answer may be edited, so the tolerant rule
 * (rules/answer-check.ts) is applied on reading.
 */
export function answerDebriefQuestion(
  command: BeerCommandOf<'AnswerDebriefQuestion'>,
  s: BeerState,
  ctx: CommandContext,
): BeerEvent[] {
  requireGame(s);
  if (!s.finished) fail('errDebriefNotOpen');
  const userId = ctx.actor.userId;
  if (!s.facilities.some((f) => f.userId === userId)) fail('errOnlyPlayersAnswer');
  const questions = s.config.configDebrief.questionsSection;
  if (!questions.show || !questions.questions.some((q) => q.id === command.questionId))
    fail('errQuestionUnknown');
  if (s.resultsSeen.includes(userId)) fail('errAnswersFinal');
  const answer = command.answer.trim();
  if (answer === '') throw new DomainError('errors.textRequired');
  if (answer.length > DEBRIEF_ANSWER_MAX)
    throw new DomainError('errors.textTooLong', { max: DEBRIEF_ANSWER_MAX });
  const previous = s.answers.find((a) => a.questionId === command.questionId && a.userId === userId);
  if (previous?.answer === answer) return [];
  return [
    {
      type: 'DebriefQuestionAnswered',
      data: { questionId: command.questionId, userId, answer, at: ctx.now },
    },
  ];
}

/**
 * A player opens the results of the finished game: recorded once, it makes their answers final.
 * Anyone without a seat (the creator) has no answers to make final: nothing is recorded.
 */
export function seeResults(s: BeerState, ctx: CommandContext): BeerEvent[] {
  requireGame(s);
  if (!s.finished) fail('errHistoryAfterEnd');
  const userId = ctx.actor.userId;
  const seat = s.facilities.find((f) => f.userId === userId);
  if (!seat || s.resultsSeen.includes(userId)) return [];
  return [{ type: 'ResultsSeen', data: { userId, facilityId: seat.id, at: ctx.now } }];
}

/**
 * The creator writes the debrief: at any time, before the game, while it runs or once it is over
 * (an instructor often writes the questions for the debrief after the play). Answers already given
 * stay; they are checked against the expected answers on reading.
 */
export function configureDebrief(
  command: BeerCommandOf<'ConfigureDebrief'>,
  s: BeerState,
  ctx: CommandContext,
): BeerEvent[] {
  requireGame(s);
  requireAdmin(s, ctx);
  const parsed = configDebriefSchema.safeParse(command.configDebrief);
  if (!parsed.success)
    fail('errInvalidConfig', { reason: parsed.error.issues[0]?.message.slice(0, 500) ?? 'invalid' });
  const configDebrief = parsed.data!;
  if (JSON.stringify(configDebrief) === JSON.stringify(s.config.configDebrief)) return [];
  return [{ type: 'DebriefConfigured', data: { configDebrief, at: ctx.now } }];
}

/** The debrief's commands: the creator writes it, a player answers and opens the results. */
export function debriefCommand(
  command: BeerCommandOf<'AnswerDebriefQuestion' | 'SeeResults' | 'ConfigureDebrief'>,
  s: BeerState,
  ctx: CommandContext,
): BeerEvent[] {
  if (command.type === 'AnswerDebriefQuestion') return answerDebriefQuestion(command, s, ctx);
  if (command.type === 'ConfigureDebrief') return configureDebrief(command, s, ctx);
  return seeResults(s, ctx);
}
