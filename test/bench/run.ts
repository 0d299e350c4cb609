/**
 * `npm run bench`: runs every benchmark module of this folder (`*.bench.ts`, each exporting a
 * default async function that prints its own figures). `npm run bench -- eventstore` runs only the
 * modules whose name contains one of the given words.
 */
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const modules = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((word) => name.includes(word)))
  .sort();

/** The machine's load averages (1, 5, 15 minutes), to quote beside every figure of a shared machine. */
const load = () =>
  loadavg()
    .map((average) => average.toFixed(1))
    .join(' / ');

for (const name of modules) {
  console.log(`\n## ${name.replace('.bench.ts', '')}\n`);
  console.log(`${new Date().toISOString()}, load average ${load()} at the start\n`);
  const module = (await import(join(here, name))) as { default: () => Promise<void> };
  await module.default();
  console.log(`${new Date().toISOString()}, load average ${load()} at the end`);
}
