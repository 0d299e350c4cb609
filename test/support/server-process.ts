/**
 * The server as `npm start` runs it (the built server, test/support/built-server.ts), in a process
 * of its own, so that a test can kill it the way a machine dies (SIGKILL: no clean-up, no last
 * word) and start it again on the same address, as open pages know it. It serves the built client
 * (dist/client).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { builtServer } from './built-server';
import { TEST_POOL_MAX } from './pool';
import { freePort } from './server';

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Kills the process with SIGKILL and waits until it is gone. */
  kill(): Promise<void>;
  /** What it folded and read before it served, and how long that took (main.ts, `warmUp`). */
  warmUp?: { games: number; signIns: number; ms: number };
}

/**
 * Starts the built server on `databaseUrl` (on `port`, else a free one) and resolves once it
 * says it serves. Its log is read, not only its address: another process that took the port first
 * must not pass for it. Warnings and errors are passed on to this process's output.
 */
export async function startServerProcess(options: {
  databaseUrl: string;
  port?: number;
  env?: Record<string, string>;
  /** Node's own options before the script (`--cpu-prof`: a load run's profile). */
  nodeArgs?: string[];
  /**
   * `npm start`: the process runs scripts/start.mjs, which builds what is stale and then serves;
   * by default it runs the built server itself, as a supervisor does.
   */
  entry?: 'npm start';
}): Promise<ServerProcess> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = options.port ?? (await freePort());
    const started = await spawnServer(port, options);
    if (started) return started;
    if (options.port !== undefined) break;
  }
  throw new Error('the server process did not start');
}

/** The server on `port`, or null when it exits before serving (the port was taken meanwhile). */
async function spawnServer(
  port: number,
  options: { databaseUrl: string; env?: Record<string, string>; nodeArgs?: string[]; entry?: 'npm start' },
): Promise<ServerProcess | null> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeArgs ?? []),
      '--max-semi-space-size=64',
      options.entry === 'npm start' ? 'scripts/start.mjs' : await builtServer(),
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        LOG_LEVEL: 'info',
        DATABASE_POOL_MAX: String(TEST_POOL_MAX),
        BETTER_AUTH_SECRET: 'integration-tests-secret-integration-tests',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  let warmUp: ServerProcess['warmUp'];
  const serving = new Promise<boolean>((resolve) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let entry: { level?: number; msg?: string; games?: number; signIns?: number; ms?: number } = {};
      try {
        entry = JSON.parse(line);
      } catch {}
      if (entry.msg === 'games in play folded before serving')
        warmUp = { games: entry.games ?? 0, signIns: entry.signIns ?? 0, ms: entry.ms ?? 0 };
      if (entry.msg === 'serving') resolve(true);
      // pino's warn is 40: what the tests would have printed at LOG_LEVEL=warn.
      if ((entry.level ?? 40) >= 40) process.stdout.write(`${line}\n`);
    });
    void exited.then(() => resolve(false));
  });
  if (await serving) return { url, port, child, kill, ...(warmUp ? { warmUp } : {}) };
  await kill();
  return null;
}
