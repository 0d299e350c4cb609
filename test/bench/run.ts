/**
 * `npm run bench`: runs every benchmark module of this folder (`*.bench.ts`, each exporting a
 * default async function that prints its own figures). `npm run bench -- eventstore` runs only the
 * modules whose name contains one of the given words.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const modules = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((word) => name.includes(word)))
  .sort();

for (const name of modules) {
  console.log(`\n## ${name.replace('.bench.ts', '')}\n`);
  const module = (await import(join(here, name))) as { default: () => Promise<void> };
  await module.default();
}
