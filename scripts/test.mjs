#!/usr/bin/env node
/**
 * `npm test`: builds the client and the server (the browser tests and the server processes run the
 * build), then runs Vitest beside the typecheck, the lint and the first-load budget, which used to
 * run one after the other before any test started. Vitest's output streams as it comes; the
 * others' is printed when each ends. Each step's wall time is printed at the end, and the run fails
 * when any step fails. Arguments go to Vitest (`npm test -- test/unit/foo.test.ts`).
 */
import { spawn } from 'node:child_process';
import { buildParts, root } from './build.mjs';

const started = performance.now();
const seconds = (from, to = performance.now()) => `${((to - from) / 1000).toFixed(0)} s`;
const bin = (name) => `${root}/node_modules/.bin/${name}`;

/** Runs a command; its output is kept for the end (`stream`: passed through as it comes). */
function run(name, command, args, { stream = false } = {}) {
  const from = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', (error) => resolve({ name, ok: false, output: String(error), time: seconds(from) }));
    child.once('exit', (code, signal) => {
      const result = { name, ok: code === 0, output, time: seconds(from), code: code ?? signal };
      if (!stream)
        process.stdout.write(`\n== ${name}: ${result.ok ? 'passed' : 'FAILED'} in ${result.time}\n${output}`);
      resolve(result);
    });
  });
}

const buildFrom = performance.now();
try {
  await buildParts({ client: true, server: true });
} catch (error) {
  console.error(`The build failed: ${error.message}`);
  process.exit(1);
}
const built = seconds(buildFrom);

const filters = process.argv.slice(2);
const vitest = (name, args) => run(name, bin('vitest'), ['run', ...args], { stream: true });
const results = await Promise.all([
  ...(filters.length > 0
    ? [vitest('vitest', filters)]
    : [
        vitest('vitest', ['--project', 'unit', '--project', 'integration', '--project', 'e2e']),
        vitest('at screen', ['--project', 'e2e-screen']),
      ]),
  run('typecheck', bin('tsc'), ['--noEmit']),
  run('lint', bin('biome'), ['check', '.']),
  run('budget', bin('tsx'), ['scripts/bundle-budget.ts']),
]);

console.log(`\nnpm test: ${seconds(started)} in all; build ${built}, then side by side:`);
for (const result of results)
  console.log(
    `  ${result.name.padEnd(10)} ${result.ok ? 'passed' : `FAILED (${result.code})`} in ${result.time}`,
  );
process.exit(results.every((result) => result.ok) ? 0 : 1);
