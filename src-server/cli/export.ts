/**
 * `npm run --silent export -- --game ID --format jsonl`: the research export of the HTTP endpoints
 * (src-server/exports/research-routes.ts) from the command line, on stdout, against DATABASE_URL or
 * the embedded database (DATA_DIR). It reads only.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { displayNames } from '../auth/auth';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { EventStore } from '../eventstore/event-store';
import { InProcessFeed } from '../eventstore/live-feed';
import { codebook, codebookMarkdown } from '../exports/codebook';
import { Participants } from '../exports/participants';
import {
  ExportAborted,
  type ExportedGame,
  gamesOfCreator,
  gameToExport,
  isResearchFormat,
  RESEARCH_FORMATS,
  storedEventPages,
  userIdByEmail,
  writeResearchExport,
} from '../exports/research';
import { copiedLogLines } from '../exports/research-copy';

export const EXPORT_USAGE = `Usage: npm run --silent export -- (--game ID | --all-of-user EMAIL | --creator USERID) [options]

Writes the research export (docs/research-export.md) to stdout, from DATABASE_URL or the embedded
database in DATA_DIR (default data/pglite).

  --game ID            one game's events (deleted or not)
  --all-of-user EMAIL  every game the instructor with this e-mail created and did not delete
  --creator USERID     the same, by user id
  --format FORMAT      ${RESEARCH_FORMATS.join(', ')} (default jsonl)
  --as md              with --format codebook: Markdown instead of JSON
  --names              the users' display names instead of pseudonyms
  --help               this text

Examples:
  npm run --silent export -- --game 7Hq2Lm0xQk9p --format csv-wide > weeks.csv
  npm run --silent export -- --all-of-user ada@example.org > games.jsonl
`;

class UsageError extends Error {}

function parse(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      game: { type: 'string' },
      'all-of-user': { type: 'string' },
      creator: { type: 'string' },
      format: { type: 'string', default: 'jsonl' },
      as: { type: 'string' },
      names: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return { help: true as const };
  const format = values.format;
  if (!isResearchFormat(format)) throw new UsageError(`unknown --format "${format}"`);
  if (values.as !== undefined && (values.as !== 'md' || format !== 'codebook'))
    throw new UsageError('--as md goes with --format codebook');
  const chosen = [values.game, values['all-of-user'], values.creator].filter((v) => v !== undefined);
  if (format !== 'codebook' && chosen.length !== 1)
    throw new UsageError('give one of --game, --all-of-user or --creator');
  return { ...values, help: false as const, format };
}

async function main(argv: string[]): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${EXPORT_USAGE}`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(EXPORT_USAGE);
    return 0;
  }
  if (args.format === 'codebook') {
    process.stdout.write(args.as === 'md' ? codebookMarkdown() : `${JSON.stringify(codebook(), null, 2)}\n`);
    return 0;
  }
  const config = loadConfig(process.env);
  // Opening an embedded database where there is none would make an empty one: say where it looked.
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION')))
    throw new Error(
      `no embedded database in ${config.dataDir}: set DATA_DIR to the server's, or DATABASE_URL`,
    );
  const database = await openDatabase(config);
  try {
    let games: ExportedGame[];
    if (args.game !== undefined) {
      const game = await gameToExport(database, args.game);
      if (!game) throw new Error(`no game ${args.game}`);
      games = [game];
    } else {
      const creatorId =
        args.creator ?? (await userIdByEmail(database, args['all-of-user']!)) ?? args['all-of-user']!;
      games = await gamesOfCreator(database, creatorId);
      if (games.length === 0) process.stderr.write(`no games of ${args.creator ?? args['all-of-user']}\n`);
    }
    const participants = new Participants(args.names ? (ids) => displayNames(database.db, ids) : undefined);
    const store = new EventStore(database.db, new InProcessFeed());
    await writeResearchExport({
      games,
      format: args.format,
      pages: storedEventPages(store),
      lines: database.pool && copiedLogLines(database.pool),
      participants,
      out: process.stdout,
    });
    return 0;
  } finally {
    await database.close();
  }
}

// A closed pipe (`| head`) ends the export quietly.
process.stdout.on('error', () => undefined);
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ExportAborted) return;
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
