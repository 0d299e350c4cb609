/**
 * The research codebook, generated from the zod schemas of the events (DESIGN, "The history as a
 * product"): every event type of every game type, each field of its data with its type, unit and
 * meaning as the schema declares them (`.meta({ description, unit })`), so it cannot drift from
 * what the engines record. The columns of the log's lines and of the wide layouts are described
 * here, in tables the compiler holds to `EventLogLine`, `WeekRow` and `LeanMinuteRow`.
 */
import { z } from 'zod';
import { beerEventSchemas } from '../../src-shared/beergame';
import type { WeekRow } from '../../src-shared/beergame/state';
import { WEEKS_PLAYED_DEFINITION } from '../../src-shared/beergame/weeks-played';
import type { EventLogLine } from '../../src-shared/eventsourcing/event-log';
import { type LeanMinuteRow, leanEventSchemas } from '../../src-shared/leangame';

/** How the export treats a field that identifies a person: a pseudonym (`user`) or left out unless opted in (`name`). */
export type Personal = 'user' | 'name';

export interface CodebookField {
  name: string;
  type: string;
  unit: string;
  meaning: string;
  /** Absent from some events of the type. */
  optional?: true;
  personal?: Personal;
  /** The JSON Schema of a structured field (an object, or a list of objects). */
  schema?: unknown;
}

export interface CodebookEvent {
  type: string;
  meaning: string;
  fields: CodebookField[];
}

export interface Codebook {
  title: string;
  /** The fields of every line of the log (JSONL) and the columns of the long CSV. */
  line: Array<{ name: keyof EventLogLine; type: string; meaning: string }>;
  /** The columns of the wide CSV (beer games: one row per facility and week played). */
  wide: Array<{ name: string; meaning: string }>;
  /** What a week played is: the wide CSV's rows and every figure derived from the log count these. */
  weeksPlayed: string;
  /** The columns of the wide CSV of lean games: one row per facility and minute of each round. */
  leanWide: Array<{ name: string; meaning: string }>;
  gameTypes: Array<{ gameType: string; events: CodebookEvent[] }>;
}

/** The event schemas of each game type, by the name its games' rows carry. */
export const EVENT_SCHEMAS_BY_GAME_TYPE: Record<string, Record<string, z.ZodObject>> = {
  beergame: beerEventSchemas,
  leangame: leanEventSchemas,
};

const LINE_FIELDS: Record<keyof EventLogLine, { type: string; meaning: string }> = {
  position: { type: 'integer', meaning: "the event's global position in the store, increasing with time" },
  stream: { type: 'string', meaning: 'the stream the event belongs to: game-<game id>' },
  version: { type: 'integer', meaning: "the event's version within its stream, gapless from 1" },
  type: { type: 'string', meaning: 'the event type (below, per game type)' },
  data: { type: 'object', meaning: "the event's fields, as its type describes them (a JSON string in CSV)" },
  recordedAt: { type: 'string (ISO 8601, UTC)', meaning: 'when the event was recorded' },
  actor: {
    type: 'string or null',
    meaning:
      'who caused it: a pseudonym P-xxxxxxxxxx stable within one export, a name when opted in, null for the system',
  },
  actorRole: {
    type: 'player | instructor | system',
    meaning: "the actor's role when the event was recorded",
  },
  rulesVersion: { type: 'integer', meaning: 'the version of the rules the game was played under' },
};

/** The fields of a line, in order: the long CSV's columns. */
export const LINE_COLUMNS = Object.keys(LINE_FIELDS) as Array<keyof EventLogLine>;

/** The wide layout's WeekRow columns; nested values are JSON strings. */
export const WEEK_ROW_COLUMNS: Record<keyof WeekRow, string> = {
  week: 'the week, from 1 (one row per week played)',
  received: 'units received from suppliers (or production) that week',
  incomingOrder: 'units ordered from the facility that week (clients and end consumer)',
  shipped: 'units shipped to clients that week',
  stock: 'units in stock at the end of the week',
  backlog: 'units owed to clients at the end of the week',
  netInventory: 'stock minus backlog',
  missed: 'demand lost that week when backlog is not allowed',
  order: 'units the facility ordered that week, all capabilities (sent when the week closed)',
  orders: 'the order per capability id (JSON)',
  orderBy: 'who decided the order: player or computer',
  cost: "the week's cost (stock and backlog costs)",
  cumulativeCost: 'the cost since week 1',
  revenue: "the week's revenue",
  cumulativeRevenue: 'the revenue since week 1',
  products: 'the figures per product id (JSON)',
  shipments: 'the shipments sent at the close of the week, with their drawn transit time (JSON)',
};

const WIDE_LEADING_COLUMNS = {
  gameId: 'the game',
  gameName: 'the name the instructor gave the game',
  facilityId: 'the facility (role)',
  facilityName: "the facility's name",
  participant:
    'who held the facility when the week closed: a pseudonym, a name when opted in, empty for a computer or free seat',
  computer: 'true when the computer played the facility that week',
};

/** The wide layout's columns, in order: the game, the facility, the participant, then the week's row. */
export const WIDE_COLUMNS = [
  'gameId',
  'gameName',
  'week',
  'facilityId',
  'facilityName',
  'participant',
  'computer',
  ...(Object.keys(WEEK_ROW_COLUMNS) as Array<keyof WeekRow>).filter((name) => name !== 'week'),
] as const;

/** The lean wide layout's columns, in order, each with its meaning; the compiler holds them to `LeanMinuteRow`. */
const LEAN_MINUTE_COLUMNS: Record<
  Exclude<keyof LeanMinuteRow, 'userId'> | 'gameId' | 'gameName' | 'participant',
  string
> = {
  gameId: 'the game',
  gameName: 'the name the instructor gave the game',
  round: 'the round: 1 for the first played, one more after each reset that followed a played round',
  minute:
    'the minute of the round, from 1: the span from minute − 1 to minute after its start (the last may be shorter)',
  facilityId: 'the facility',
  facilityName: "the facility's name",
  facilityType: 'warehouse, station, qualitycontrol or rework',
  participant:
    'who held the facility at the end of the minute: a pseudonym, a name when opted in, empty when nobody did',
  computer: 'true when the computer played the facility at the end of the minute (nobody held it)',
  actions: 'actions the facility ended in the minute: every floor event of it (a batch sent included)',
  busyMinutes: 'minutes of this minute the facility spent on its actions (0 to 1)',
  released: 'sheets the warehouse released in the minute',
  batchesSent: 'batches the facility sent on in the minute',
  toolChanges: 'tool changes (changeovers) begun and recorded in the minute',
  operations: 'operations painted in the minute, right or defective',
  defectiveOperations: 'of those, the defective ones',
  inspections: 'sheets inspected in the minute',
  defectsRemoved: 'defective operations removed in the minute',
  delivered: 'units the warehouse delivered to customers in the minute',
  wip: 'units released and not yet delivered in the whole factory at the end of the minute',
};

/** The lean wide layout's columns, in the order above. */
export const LEAN_WIDE_COLUMNS = Object.keys(LEAN_MINUTE_COLUMNS) as Array<keyof typeof LEAN_MINUTE_COLUMNS>;

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  minimum?: number;
  maximum?: number;
};

/** A JSON Schema as a reader would say it: `integer ≥ 0`, `string or null`, `list of string`. */
function typeName(schema: JsonSchema): string {
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.anyOf) return schema.anyOf.map(typeName).join(' or ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return `one of ${schema.enum.join(', ')}`;
  if (schema.type === 'array') return `list of ${schema.items ? typeName(schema.items) : 'values'}`;
  if (schema.type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object')
    return `object (key → ${typeName(schema.additionalProperties)})`;
  if (schema.type === 'integer' || schema.type === 'number') {
    const bounded = (bound: number | undefined) =>
      bound !== undefined && Math.abs(bound) < Number.MAX_SAFE_INTEGER;
    const bounds = [
      bounded(schema.minimum) ? `≥ ${schema.minimum}` : '',
      bounded(schema.maximum) ? `≤ ${schema.maximum}` : '',
    ].filter(Boolean);
    return [schema.type, ...bounds].join(' ');
  }
  return schema.type ?? 'any';
}

const isStructured = (schema: JsonSchema): boolean =>
  schema.type === 'object' ||
  (schema.type === 'array' && schema.items?.type === 'object') ||
  (schema.anyOf?.some(isStructured) ?? false);

/** A field's metadata, its wrappers' (nullable, optional, default) over what they wrap. */
function metaOf(schema: z.ZodType): Record<string, unknown> {
  const inner = (schema._zod.def as { innerType?: z.ZodType }).innerType;
  return { ...(inner ? metaOf(inner) : {}), ...(schema.meta() ?? {}) };
}

function fieldEntry(name: string, schema: z.ZodType): CodebookField {
  const meta = metaOf(schema);
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
  }) as JsonSchema & {
    $schema?: string;
  };
  const personal = meta.personal as Personal | undefined;
  return {
    name,
    type: typeName(json),
    unit: typeof meta.unit === 'string' ? meta.unit : '',
    meaning: typeof meta.description === 'string' ? meta.description : '',
    ...(schema.safeParse(undefined).success ? { optional: true as const } : {}),
    ...(personal ? { personal } : {}),
    ...(isStructured(json) ? { schema: json } : {}),
  };
}

function eventEntries(schemas: Record<string, z.ZodObject>): CodebookEvent[] {
  return Object.entries(schemas).map(([type, schema]) => ({
    type,
    meaning: schema.description ?? '',
    fields: Object.entries(schema.shape).map(([name, field]) => fieldEntry(name, field as z.ZodType)),
  }));
}

let built: Codebook | undefined;

/** The codebook of every game type's events (built once: the schemas do not change while running). */
export function codebook(): Codebook {
  built ??= {
    title: 'Codebook of the simulation games’ event log',
    line: Object.entries(LINE_FIELDS).map(([name, field]) => ({
      name: name as keyof EventLogLine,
      ...field,
    })),
    wide: WIDE_COLUMNS.map((name) => ({
      name,
      meaning:
        (WIDE_LEADING_COLUMNS as Record<string, string>)[name] ?? WEEK_ROW_COLUMNS[name as keyof WeekRow],
    })),
    weeksPlayed: WEEKS_PLAYED_DEFINITION,
    leanWide: LEAN_WIDE_COLUMNS.map((name) => ({ name, meaning: LEAN_MINUTE_COLUMNS[name] })),
    gameTypes: Object.entries(EVENT_SCHEMAS_BY_GAME_TYPE).map(([gameType, schemas]) => ({
      gameType,
      events: eventEntries(schemas),
    })),
  };
  return built;
}

/** The fields of each event type that identify a person, for the export to pseudonymise. */
export function personalFields(): Map<string, Array<{ name: string; personal: Personal }>> {
  const fields = new Map<string, Array<{ name: string; personal: Personal }>>();
  for (const { events } of codebook().gameTypes)
    for (const event of events) {
      const marked = event.fields.flatMap((f) =>
        f.personal ? [{ name: f.name, personal: f.personal }] : [],
      );
      if (marked.length > 0) fields.set(event.type, marked);
    }
  return fields;
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The codebook as a Markdown document (tables per event type). */
export function codebookMarkdown(book: Codebook = codebook()): string {
  const lines = [`# ${book.title}`, '', '## Fields of each line (JSONL) and columns of the long CSV', ''];
  lines.push('| field | type | meaning |', '| --- | --- | --- |');
  for (const f of book.line) lines.push(`| \`${f.name}\` | ${cell(f.type)} | ${cell(f.meaning)} |`);
  lines.push('', '## Columns of the wide CSV (beer games)', '', book.weeksPlayed, '');
  lines.push('| column | meaning |', '| --- | --- |');
  for (const c of book.wide) lines.push(`| \`${c.name}\` | ${cell(c.meaning)} |`);
  lines.push('', '## Columns of the wide CSV (lean games)', '', '| column | meaning |', '| --- | --- |');
  for (const c of book.leanWide) lines.push(`| \`${c.name}\` | ${cell(c.meaning)} |`);
  for (const { gameType, events } of book.gameTypes) {
    lines.push('', `## Events of \`${gameType}\``);
    for (const event of events) {
      lines.push('', `### \`${event.type}\``, '', event.meaning, '');
      if (event.fields.length === 0) continue;
      lines.push('| field | type | unit | meaning |', '| --- | --- | --- | --- |');
      for (const f of event.fields) {
        const personal = { user: 'a pseudonym in exports', name: 'left out unless names are opted in' };
        const notes = [f.optional ? 'optional' : '', f.personal ? personal[f.personal] : '']
          .filter(Boolean)
          .join('; ');
        lines.push(
          `| \`${f.name}\` | ${cell(f.type)} | ${cell(f.unit)} | ${cell(f.meaning)}${notes ? ` (${notes})` : ''} |`,
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}
