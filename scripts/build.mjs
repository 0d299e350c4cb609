/**
 * Builds what `npm start` runs (issue 39): the client, by Vite, into dist/client, and the server,
 * bundled by esbuild into dist/server/main.js (our TypeScript and the packages it loads at start in
 * one file of JavaScript), so that a start compiles no TypeScript and resolves no module file by
 * file: a restarted server serves its class in half a second instead of two (docs/deploy.md).
 *
 *   node scripts/build.mjs            both
 *   node scripts/build.mjs --stale    only what is missing or older than its sources (`npm start`)
 *   node scripts/build.mjs --server   the server alone (--client: the client alone)
 *
 * Plain JavaScript: it runs before anything is built, without tsx.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'dist', 'server', 'main.js');
const clientEntry = path.join(root, 'dist', 'client', 'index.html');

/** What each part is built from: a part older than the newest of these is built again. */
const SOURCES = {
  client: ['src-client', 'src-shared', 'locales', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'],
  server: [
    'src-server',
    'src-shared',
    'migrations',
    'tsconfig.json',
    'package-lock.json',
    'scripts/build.mjs',
  ],
};

/** The newest modification time (ms) of a file, or of the files under a folder. */
function newest(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(file)) latest = Math.max(latest, newest(path.join(file, entry)));
  return latest;
}

/** Whether `part` is missing, or older than one of its sources. */
export function isStale(part) {
  const built = part === 'client' ? clientEntry : serverEntry;
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES[part].some((source) => newest(path.join(root, source)) > builtAt);
}

/**
 * Marks `file` as built at `startedAt`: a source changed while the build ran is newer than it, so
 * the next start builds again.
 */
function stamp(file, startedAt) {
  const at = new Date(startedAt);
  utimesSync(file, at, at);
}

async function buildClient() {
  const startedAt = Date.now();
  await new Promise((resolve, reject) => {
    const vite = spawn(
      process.execPath,
      [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    );
    vite.once('error', reject);
    vite.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${code})`))));
  });
  stamp(clientEntry, startedAt);
}

/**
 * Packages the bundle leaves in node_modules: those that read files beside their own code (PGlite's
 * WebAssembly, pdfkit's fonts, pino's workers), native ones (sharp), optional ones, and those only
 * some requests load, when they are first needed (the workbook, the invoice, a logo, SMTP, S3,
 * Sentry, a password's strength, the research export's COPY).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'pino',
  'sharp',
  'isomorphic-dompurify',
  'exceljs',
  'pdfkit',
  'open-sans-fonts',
  'nodemailer',
  'aws4fetch',
  '@sentry/node',
  '@zxcvbn-ts/*',
  'pg-copy-streams',
  'pg-native',
  'bufferutil',
  'utf-8-validate',
  'esbuild',
];

/**
 * The server as one ES module for Node 20. The CommonJS packages inside it call `require`, which
 * an ES module lacks: the banner makes one.
 */
export async function buildServer() {
  const startedAt = Date.now();
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints: ['src-server/main.ts'],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
    },
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  stamp(serverEntry, startedAt);
}

/** Builds the parts asked for (`stale`: only those missing or out of date); says what it built. */
export async function buildParts({ client = true, server = true, stale = false } = {}) {
  const parts = [];
  if (client && (!stale || isStale('client'))) parts.push('client');
  if (server && (!stale || isStale('server'))) parts.push('server');
  // Side by side: Vite runs in a process of its own, esbuild in its own too.
  await Promise.all(
    parts.map(async (part) => {
      const started = performance.now();
      if (part === 'client') await buildClient();
      else await buildServer();
      console.log(`built the ${part} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }),
  );
  return parts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = new Set(process.argv.slice(2));
  const only = args.has('--server') ? 'server' : args.has('--client') ? 'client' : null;
  await buildParts({
    client: only !== 'server',
    server: only !== 'client',
    stale: args.has('--stale'),
  });
}
