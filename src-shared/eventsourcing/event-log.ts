/**
 * The public event log (DESIGN, "The history as a product"): one JSON object per event and per
 * line, the same whether it comes from a recorded game (the research export), or the simulation
 * command (`simulate --format events`), and what `rederive` folds. Fields, in this order:
 *
 * - `position`: the event's global position in the store (a simulation numbers from 1);
 * - `stream`, `version`: its stream (`game-<id>`) and version within it (gapless from 1);
 * - `type`, `data`: the event as its codebook entry describes it;
 * - `recordedAt`: when it was recorded, ISO 8601 in UTC;
 * - `actor`: who caused it, as a pseudonym stable within one export (`P-` and 10 characters), the
 *   person's name when the exporter opted in, or null for the system (timers, computer players);
 * - `actorRole`: player, instructor or system;
 * - `rulesVersion`: the version of the game's rules the stream was played under.
 */
import { z } from 'zod';
import type { RecordedEvent } from './envelope';

export interface EventLogLine {
  position: number;
  stream: string;
  version: number;
  type: string;
  data: unknown;
  recordedAt: string;
  actor: string | null;
  actorRole: 'player' | 'instructor' | 'system';
  rulesVersion: number;
}

export const eventLogLineSchema = z.object({
  position: z.number().int().positive(),
  stream: z.string().min(1),
  version: z.number().int().positive(),
  type: z.string().min(1),
  data: z.unknown(),
  recordedAt: z.iso.datetime(),
  actor: z.string().nullable(),
  actorRole: z.enum(['player', 'instructor', 'system']),
  rulesVersion: z.number().int().nonnegative(),
});

/** A recorded event as a line of the log, its actor already named (pseudonym, name or null). */
export function toEventLogLine(event: RecordedEvent, actor: string | null): EventLogLine {
  return {
    position: event.globalPosition,
    stream: event.streamId,
    version: event.streamVersion,
    type: event.type,
    data: event.data,
    recordedAt: event.recordedAt.toISOString(),
    actor: event.metadata.actorRole === 'system' ? null : actor,
    actorRole: event.metadata.actorRole,
    rulesVersion: event.metadata.rulesVersion,
  };
}

/** A line whose data is already JSON text: the export writes the database's text without parsing it. */
export type EventLogLineText = Omit<EventLogLine, 'data'> & { data: string };

/**
 * A line of the JSONL log as text, its fields in the order above and its data spliced as given:
 * the same text as `JSON.stringify` of the line, but for the data's spacing.
 */
export function eventLogLineJson(line: EventLogLineText): string {
  return `{"position":${line.position},"stream":${JSON.stringify(line.stream)},"version":${line.version},"type":${JSON.stringify(line.type)},"data":${line.data},"recordedAt":${JSON.stringify(line.recordedAt)},"actor":${JSON.stringify(line.actor)},"actorRole":${JSON.stringify(line.actorRole)},"rulesVersion":${line.rulesVersion}}`;
}

/**
 * A line of the log back as a recorded event, to fold with the published reducers. What the log
 * does not carry (the actor's id, the command) is filled with neutral values; the reducers do not
 * read them.
 */
export function fromEventLogLine(line: EventLogLine): RecordedEvent {
  return {
    globalPosition: line.position,
    streamId: line.stream,
    streamVersion: line.version,
    type: line.type,
    data: line.data,
    metadata: {
      actorId: line.actor ?? 'system',
      actorRole: line.actorRole,
      commandId: `log-${line.position}`,
      commandIndex: 0,
      serverTime: Date.parse(line.recordedAt),
      rulesVersion: line.rulesVersion,
    },
    recordedAt: new Date(line.recordedAt),
  };
}

/** One line of a JSONL log, checked; throws with the line's problem otherwise. */
export function parseEventLogLine(text: string): EventLogLine {
  return eventLogLineSchema.parse(JSON.parse(text)) as EventLogLine;
}
