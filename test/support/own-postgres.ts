/**
 * A PostgreSQL cluster of a run's own (initdb into a temporary folder, a free port), for what must
 * stop the database under a class: the machine's server and its other databases are not touched.
 * Run as the machine's `postgres` user when this process is root (initdb refuses root).
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server';

const run = promisify(execFile);

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:port/postgres */
  url: string;
  port: number;
  /** Starts it and resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it (`fast`: every connection cut, as a restart does; `immediate`: a crash). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it if it runs, and deletes its folder. */
  remove(): Promise<void>;
  /** Whether it was started and not stopped since. */
  readonly running: boolean;
}

/** The newest PostgreSQL's programs on this machine, or null when there is none. */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const bin = versions.length > 0 ? path.join(root, versions.at(-1)!, 'bin') : null;
  return bin && existsSync(path.join(bin, 'initdb')) ? bin : null;
}

export async function ownPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('no PostgreSQL programs under /usr/lib/postgresql (apt-get install postgresql)');
  const port = await freePort();
  const folder = mkdtempSync(path.join(tmpdir(), 'own-pg-'));
  const dataDir = path.join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']));
    chownSync(folder, id('-u'), id('-g'));
  }
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
  const pgRun = (program: string, args: string[]) => run(...command(program, args));
  await pgRun('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const log = path.join(folder, 'log');
  let running = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pgRun('pg_ctl', ['-D', dataDir, '-o', options, '-l', log, '-w', 'start']);
      running = true;
    },
    async stop(mode = 'fast') {
      await pgRun('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
      running = false;
    },
    get running() {
      return running;
    },
    async remove() {
      if (running) await pgRun('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
