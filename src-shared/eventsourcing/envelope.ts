import type { ActorRole } from './decider';

/** What the store keeps beside each event's data. */
export interface EventMetadata {
  actorId: string;
  actorRole: ActorRole;
  commandId: string;
  /** The event's position among the events its command recorded (0 for the first). */
  commandIndex: number;
  /** Server time of the command, epoch milliseconds. */
  serverTime: number;
  /** Version of the game rules the stream was played under. */
  rulesVersion: number;
}

/** An event as read back from the store. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  globalPosition: number;
  streamId: string;
  streamVersion: number;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  recordedAt: Date;
}

export const gameStreamId = (gameId: string) => `game-${gameId}`;
