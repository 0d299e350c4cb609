/** The checks lean commands start with; each failure is a `DomainError` with a `leangame.*` id. */
import { type CommandContext, DomainError } from '../eventsourcing/decider';
import type { LeanImprovement } from './constants';
import { facilityOf, isEnabled } from './rules';
import { type LeanFacilityState, type LeanProduct, type LeanState, productIndex } from './state';

export const fail = (messageId: string, values?: Record<string, string | number>): never => {
  throw new DomainError(`leangame.${messageId}`, values);
};

/** The default of an exhaustive switch over commands: `never` makes a forgotten command a compile error. */
export function unknownCommand(_command: never): never {
  return fail('errUnknownCommand');
}

/** A game that exists and was not deleted. */
export function requireGame(state: LeanState): void {
  if (!state.exists || state.deleted) fail('errGameUnknown');
}

export function requireCreator(state: LeanState, ctx: CommandContext): void {
  if (ctx.actor.role !== 'system' && ctx.actor.userId !== state.creatorId) fail('errNotCreator');
}

export function requirePlaying(state: LeanState): void {
  if (state.startAt === null) fail('errNotStarted');
  if (state.endAt !== null) fail('errGameEnded');
}

/** The facility the actor plays (or any facility for the system actor). */
export function ownFacility(state: LeanState, facilityId: string, ctx: CommandContext): LeanFacilityState {
  const f = facilityOf(state, facilityId) ?? fail('errFacilityUnknown', { facilityId });
  if (ctx.actor.role === 'system') return f;
  if (f.user !== ctx.actor.userId) fail('errNotYourFacility', { facilityId });
  return f;
}

/** A facility of the game, whoever plays it. */
export const anyFacility = (state: LeanState, facilityId: string): LeanFacilityState =>
  facilityOf(state, facilityId) ?? fail('errFacilityUnknown', { facilityId });

/** Who may configure the rules: the owner of the improvements panel, before the start. */
export function requirePanel(state: LeanState, ctx: CommandContext): void {
  if (state.startAt !== null) fail('errAlreadyStarted');
  if (ctx.actor.role === 'system') return;
  if (state.improvementsPanelBy === null) fail('errPanelNotOpen');
  if (state.improvementsPanelBy !== ctx.actor.userId) fail('errPanelLocked');
}

export function requireImprovement(state: LeanState, improvement: LeanImprovement): void {
  if (!isEnabled(state, improvement)) fail('errImprovementNotEnabled', { improvement });
}

/** A number a command gives: from `min` to `max` (a whole number unless `fractions`), or a refusal that says so. */
export function requireInRange(value: number, min: number, max: number, fractions = false): void {
  const kind = fractions ? Number.isFinite(value) : Number.isInteger(value);
  if (!kind || value < min || value > max) fail('errNumberOutOfRange', { min, max });
}

export const hasFacility = (state: LeanState, userId: string) =>
  state.facilities.some((f) => f.user === userId);

/** A unit the facility holds in hand. */
export function productInHand(state: LeanState, f: LeanFacilityState, productId: string): LeanProduct {
  const index = productIndex(productId);
  const p = state.products[index];
  if (!p || !f.hand.includes(index)) fail('errProductNotHere', { productId });
  return p!;
}
