import { defineConfig } from 'vitest/config';

/**
 * Browser files that time what a class sees at the screen (within 3 s of a fault): they run one at
 * a time, never two at once, so that another such file's phones are not what they measure. `npm
 * test` runs them in a Vitest of their own beside the unit and integration files (scripts/test.mjs);
 * a plain `vitest run` runs them last, alone (a project of one worker).
 */
const AT_THE_SCREEN = [
  'test/e2e/class-rehearsal.test.ts',
  'test/e2e/class-rehearsal-faults.test.ts',
  'test/e2e/database-outage.test.ts',
];
const browserProject = {
  globalSetup: ['test/support/database-setup.ts'],
  // Ceilings, not paces (issue 40): a browser test that needs more is made faster or split.
  testTimeout: 120_000,
  hookTimeout: 60_000,
  // A poll that needs longer waits for something slower than a page (a game's clock) and says so.
  expect: { poll: { timeout: 5_000 } },
};

export default defineConfig({
  test: {
    // Vitest's usual output, then every file's time, slowest first.
    reporters: ['default', './test/support/file-times-reporter.ts'],
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where every
    // file then ran after the other. Two files at once: the browser files mostly wait (clocks,
    // Chromium, the server's answers), and each file has its own database, server and browser.
    maxWorkers: 2,
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/database-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: AT_THE_SCREEN,
          // After the unit and integration files: those run beside the files at the screen, which
          // meet fewer Chromiums than beside the other browser files.
          sequence: { groupOrder: 1 },
          // Files of a worker share its modules (the server's, imported once): each file still has
          // its own database, server and Chromium. 4-test files spent 6.7 s importing for 2.6 s of tests.
          isolate: false,
          ...browserProject,
        },
      },
      {
        test: { name: 'e2e-screen', include: AT_THE_SCREEN, fileParallelism: false, ...browserProject },
      },
    ],
  },
});
