/** A lean game's history as the server sends it (`trpc.leangame.history`): its events, in order. */
import type { LeanEvent } from '../../../../src-shared/leangame/events';

export type LeanHistoryEvent = LeanEvent & { version: number; recordedAt: number };

export interface LeanHistory {
  events: LeanHistoryEvent[];
}
