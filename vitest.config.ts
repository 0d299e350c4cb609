import { defineConfig } from 'vitest/config';

/**
 * Browser files that time what a class sees at the screen (within 3 s of a fault): they run one at
 * a time, after the other projects (Vitest runs a project of one worker last, alone), so that
 * another file's Chromium and server are not what they measure.
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
  // As long as a page's own waits (browser.ts): a fresh browser's first load of a page (its code,
  // then its words) may pass 5 s while another file runs (debrief-editor failed so in CI).
  expect: { poll: { timeout: 15_000 } },
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
