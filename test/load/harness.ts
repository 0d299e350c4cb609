/**
 * What the load runs share (`classroom.ts`, `lean-session.ts`): a database of their own, the server
 * as `npm start` runs it in a process of its own, the CPU each side used, the load generator's own
 * event-loop delay, and how figures are summarised. A run's figures are honest only if the
 * generator kept up: each run says how it checks that, with the loop delay printed beside.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { builtServer } from '../support/built-server';
import { freePort } from '../support/server';

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** `promise`, or a rejection after `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const summary = (values: number[], unit = 'ms') => {
  if (values.length === 0) return 'n=0';
  // Not Math.min(...values): a long run's samples outnumber the arguments a call may take.
  const [min, max] = values.reduce(
    ([lo, hi], v) => [Math.min(lo, v), Math.max(hi, v)],
    [Infinity, -Infinity],
  );
  return `n=${values.length} min ${min!.toFixed(0)} ${unit}, p50 ${percentile(values, 50).toFixed(0)} ${unit}, p95 ${percentile(values, 95).toFixed(0)} ${unit}, p99 ${percentile(values, 99).toFixed(0)} ${unit}, max ${max!.toFixed(0)} ${unit}`;
};

/** A database of the run's own on PostgreSQL (DATABASE_URL, else the local server), or null. */
export async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (process.env.LOAD_PGLITE) return null;
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `load_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * The caps meant for one person or school, raised to a load run's size: one instructor opens every
 * game within seconds, and the whole class signs in and connects from this one address.
 */
export const loadCaps = (size: { players: number; games: number }): Record<string, string> => ({
  GAME_CREATION_LIMIT: `${size.games + 10}/60`,
  ANONYMOUS_SIGN_IN_LIMIT: `${size.players + 10}/60`,
  MAX_SOCKETS_PER_ADDRESS: String(size.players + 50),
});

/**
 * The server as `npm start` runs it, on 127.0.0.1, with the caps meant for one person or school
 * raised to the run's size: one instructor opens every game within seconds, and the whole class
 * signs in and connects from this one address. LOAD_PROFILE_DIR=dir profiles it (`--cpu-prof`).
 */
export async function startServerProcess(
  env: Record<string, string>,
  size: { players: number; games: number },
  /** The address players reach when it is not the process's own (a proxy in front of it). */
  publicUrl?: string,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const profile = process.env.LOAD_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_PROFILE_DIR}`]
    : [];
  // The server as `npm start` runs it, with its young generation of 64 MB (package.json).
  const child = spawn(process.execPath, [...profile, '--max-semi-space-size=64', await builtServer()], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl ?? url,
      LOG_LEVEL: 'warn',
      ...loadCaps(size),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    if (
      await fetch(`${url}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('the server did not start');
}

/**
 * Two server processes on one database behind HAProxy (deploy/haproxy.cfg, HAProxy from Debian's
 * packages), as docs/deploy.md runs them: players reach the proxy's address only, and the proxy
 * splits them between the processes.
 */
export async function startBehindProxy(
  env: Record<string, string>,
  size: { players: number; games: number },
): Promise<{ url: string; servers: ChildProcess[]; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const serverEnv = { ...env, TRUST_PROXY: 'loopback' };
  const servers = [
    await startServerProcess(serverEnv, size, url),
    await startServerProcess(serverEnv, size, url),
  ];
  const hostOf = (address: string) => new URL(address).host;
  const proxy = spawn('haproxy', ['-f', 'deploy/haproxy.cfg', '-db'], {
    env: {
      ...process.env,
      PROXY_BIND: `127.0.0.1:${port}`,
      SERVER_ONE: hostOf(servers[0]!.url),
      SERVER_TWO: hostOf(servers[1]!.url),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  proxy.once('error', (error) => {
    // The run ends here: the two servers must not outlive it.
    for (const server of servers) server.child.kill('SIGKILL');
    throw new Error(`haproxy could not start (apt-get install haproxy): ${error.message}`);
  });
  const stop = async () => {
    for (const child of [proxy, ...servers.map((server) => server.child)]) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  };
  // Ready when both processes answer through it (HAProxy marks a server up after two checks).
  for (let attempt = 0; attempt < 120; attempt++) {
    const answers = await Promise.all(
      [0, 1].map(() =>
        fetch(`${url}/healthz`)
          .then((r) => r.ok)
          .catch(() => false),
      ),
    );
    if (answers.every(Boolean) && attempt > 8) return { url, servers: servers.map((s) => s.child), stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('the proxy did not start');
}

/** CPU seconds the server process has used so far (Linux), to show the cost of idle sockets. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, counted from the state (field 3) here.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds used so far by this machine's PostgreSQL processes (0 where /proc cannot tell). */
export function databaseCpuSeconds(): number {
  if (process.platform !== 'linux') return 0;
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      // With the CPU of the backends that ended (cutime and cstime: the postmaster reaps them).
      const fields = stat.split(') ')[1]!.split(' ');
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** CPU seconds of the server, the database and this load generator, to tell who the limit is. */
export function cpuNow(server: ChildProcess | ChildProcess[]) {
  const own = process.cpuUsage();
  const servers = Array.isArray(server) ? server : [server];
  return {
    server: servers.reduce((sum, child) => sum + (child.pid ? cpuSeconds(child.pid) : Number.NaN), 0),
    database: databaseCpuSeconds(),
    load: (own.user + own.system) / 1e6,
  };
}

/** The server's CPU while every player is connected and nobody acts (keep-alive pings only). */
export async function idleServerCpu(server: ChildProcess | ChildProcess[]): Promise<string> {
  const pids = (Array.isArray(server) ? server : [server]).map((child) => child.pid);
  if (pids.some((pid) => !pid) || process.platform !== 'linux') return 'not measured';
  const seconds = 10;
  const total = () => pids.reduce<number>((sum, pid) => sum + cpuSeconds(pid!), 0);
  const before = total();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const used = total() - before;
  return `${((used / seconds) * 100).toFixed(1)} % of a core over ${seconds} s`;
}

export async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** How often the load generator's own event loop is sampled for its delay. */
const LOOP_SAMPLE_MS = 10;

/** Samples this process's event-loop delay until `stop`, which says it in milliseconds. */
export function loopDelay() {
  const histogram = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
  histogram.enable();
  // The histogram holds each sampling interval as it lasted: its delay is what exceeds the interval.
  const ms = (nanoseconds: number) => nanoseconds / 1e6 - LOOP_SAMPLE_MS;
  return {
    stop() {
      histogram.disable();
      return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
    },
  };
}

/** A read of the run's database: PostgreSQL's client, or the PGlite directory opened after the server stopped. */
export type Query = <R>(text: string, params: unknown[]) => Promise<R[]>;

/**
 * What one player's page was told of their game from a fault on (issue 39): each confirmation of
 * its view (a whole view, a patch or a beat) with the stream version it showed, in
 * performance.now() time. Nothing is kept before `arm`.
 */
export class ViewLog {
  private armedAt: number | null = null;
  readonly confirmations: Array<{ at: number; version: number }> = [];

  arm(at: number): void {
    this.armedAt = at;
    this.confirmations.length = 0;
  }

  confirmed(version: number | undefined): void {
    if (this.armedAt !== null && version !== undefined)
      this.confirmations.push({ at: performance.now(), version });
  }

  /**
   * Milliseconds from the fault to the first confirmation that shows the stream at `version` or
   * later: the page current again. NaN when it never was.
   */
  backAfter(version: number): number {
    if (this.armedAt === null) return Number.NaN;
    const back = this.confirmations.find((c) => c.version >= version);
    return back ? back.at - this.armedAt : Number.NaN;
  }
}

/**
 * Per stream, the version its events had reached at `at` (their recorded time, the database's
 * clock, which is this machine's), or now when `at` is left out.
 */
export async function streamVersions(
  query: Query,
  streamIds: readonly string[],
  at?: Date,
): Promise<Map<string, number>> {
  const rows = await query<{ stream_id: string; version: number }>(
    `select stream_id, max(stream_version)::int as version from events
      where stream_id = any($1::text[]) ${at ? 'and recorded_at <= $2' : ''}
      group by stream_id`,
    at ? [streamIds, at] : [streamIds],
  );
  return new Map(rows.map((row) => [row.stream_id, row.version]));
}
