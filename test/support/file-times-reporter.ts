/**
 * Prints, at the end of a run, every test file's time, slowest first, with the machine's load:
 * where the suite's minutes go (Vitest's own reporters say each file's time as it ends, scattered
 * in the output, and no total per project).
 */
import { loadavg } from 'node:os';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class FileTimesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    if (testModules.length === 0) return;
    const rows = testModules
      .map((module) => {
        const diagnostic = module.diagnostic();
        // The tests and hooks, and the import of the file itself (its set-up code runs there).
        const seconds = (diagnostic.duration + diagnostic.collectDuration) / 1000;
        return { project: module.project.name, file: relative(process.cwd(), module.moduleId), seconds };
      })
      .sort((a, b) => b.seconds - a.seconds);
    const perProject = new Map<string, number>();
    for (const row of rows) perProject.set(row.project, (perProject.get(row.project) ?? 0) + row.seconds);
    const lines = rows.map(
      (row) => `${row.seconds.toFixed(1).padStart(7)} s  ${row.project.padEnd(12)} ${row.file}`,
    );
    const totals = [...perProject]
      .map(([project, seconds]) => `${project} ${seconds.toFixed(0)} s`)
      .join(', ');
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
    console.log(
      `\nTime per test file, slowest first (${totals}; load average ${load}):\n${lines.join('\n')}\n`,
    );
  }
}
