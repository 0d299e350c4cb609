import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The rooms of DESIGN.md are enforced by Biome's noRestrictedImports (biome.json, `overrides`).
 * Each case writes a one-line file importing `source` into a real folder, lints it with the
 * project's configuration and removes it.
 */
const biome = path.resolve('node_modules/.bin/biome');
const uniqueName = () => `layering-${process.pid}-${Math.random().toString(36).slice(2)}`;

function lint(folder: string, source: string): { exitCode: number | null; output: string } {
  const file = path.join(folder, `${uniqueName()}.ts`);
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(file, `export * from '${source}';\n`);
    const result = spawnSync(biome, ['lint', '--colors=off', file], { encoding: 'utf8' });
    return { exitCode: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(file, { force: true });
  }
}

const expectRefused = ({ exitCode, output }: ReturnType<typeof lint>) => {
  expect(exitCode, output).not.toBe(0);
  expect(output).toContain('lint/style/noRestrictedImports');
};
const expectAccepted = ({ exitCode, output }: ReturnType<typeof lint>) => expect(exitCode, output).toBe(0);

/** A folder of its own inside a feature, for imports from one level down; removed afterwards. */
function withSubfolder<T>(feature: string, run: (folder: string) => T): T {
  const folder = path.join(feature, uniqueName());
  try {
    return run(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the linter refuses an import across rooms', () => {
  it.each([
    ['src-shared/rules', '../../src-server/config'],
    ['src-shared/rules', '../../src-client/paths'],
    ['src-shared/beergame', 'node:fs'],
    ['src-client/features/beergame', '../dashboard/games-list'],
    ['src-client/features/beergame', '../auth'],
    ['src-client/features/beergame', '../../features/game-shell/game-nav'],
    ['src-client/features/beergame', '../../routes/game-play'],
    ['src-client/routes', './dashboard'],
    ['src-client/routes', '../routes/home'],
    ['src-client/ui', '../features/game-shell/use-game-view'],
    ['src-client/ui', '../routes/home'],
  ])('%s may not import %s', (folder, source) => {
    expectRefused(lint(folder, source));
  });

  it('a file one folder down in a feature may not import another feature either', () => {
    expectRefused(
      withSubfolder('src-client/features/beergame', (folder) => lint(folder, '../../dashboard/games-list')),
    );
  });
});

describe('the linter accepts an import within the rules', () => {
  it.each([
    ['src-shared/rules', '../beergame'],
    ['src-client/features/beergame', './board'],
    ['src-client/features/beergame', '../../ui/money'],
    ['src-client/features/beergame', '../../paths'],
    ['src-client/features/beergame', '../../trpc'],
    ['src-client/features/beergame', '../../../src-shared/beergame'],
    ['src-client/routes', '../features/dashboard/games-list'],
    ['src-client/ui', '../auth'],
  ])('%s may import %s', (folder, source) => {
    expectAccepted(lint(folder, source));
  });

  it('a file one folder down in a feature may import its own feature', () => {
    expectAccepted(withSubfolder('src-client/features/beergame', (folder) => lint(folder, '../board')));
  });
});
