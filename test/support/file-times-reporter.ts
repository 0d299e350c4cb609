/**
 * Prints, at the end of a run, each project's wall time (from its first file's start to its last
 * file's end) and the sum of its files' times, then its ten heaviest files, with the machine's
 * load: where the suite's minutes go (Vitest's own reporters say each file's time as it ends,
 * scattered in the output, and no total per project). docs/benchmarks.md keeps the history.
 */
import { loadavg } from 'node:os';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const HEAVIEST = 10;

export default class FileTimesReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly ended = new Map<string, number>();
  private runStart = performance.now();

  onTestRunStart() {
    this.runStart = performance.now();
  }

  onTestModuleStart(module: TestModule) {
    const project = module.project.name;
    if (!this.started.has(project)) this.started.set(project, performance.now());
  }

  onTestModuleEnd(module: TestModule) {
    this.ended.set(module.project.name, performance.now());
  }

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
    const projects = [...new Set(rows.map((row) => row.project))];
    const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
    const sections = projects.map((project) => {
      const own = rows.filter((row) => row.project === project);
      const summed = own.reduce((sum, row) => sum + row.seconds, 0);
      const start = this.started.get(project) ?? this.runStart;
      const end = this.ended.get(project) ?? start;
      const heaviest = own
        .slice(0, HEAVIEST)
        .map((row) => `  ${row.seconds.toFixed(1).padStart(7)} s  ${row.file}`);
      return [
        `${project}: ${seconds(end - start)} wall, from ${seconds(start - this.runStart)} to ${seconds(end - this.runStart)} into the run (${own.length} files, ${summed.toFixed(0)} s summed); heaviest:`,
        ...heaviest,
      ].join('\n');
    });
    const load = loadavg()
      .map((value) => value.toFixed(1))
      .join(' ');
    console.log(
      `\nTime per project (whole run ${seconds(performance.now() - this.runStart)}; load average ${load}):\n${sections.join('\n')}\n`,
    );
  }
}
