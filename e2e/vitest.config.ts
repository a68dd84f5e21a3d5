import { defineConfig } from 'vitest/config';

/** Settings both groups share (projects do not inherit the root `test` options). */
const journey = {
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // A browser journey that fails once is run once more; one that fails twice fails the suite.
  retry: 1,
  // A socket frame or a request can take more than the default second on a loaded machine.
  expect: { poll: { timeout: 5_000 } },
};

/** Files whose journeys must have the server to themselves (README.md: "Marking a journey that must run alone"). */
const ALONE = '**/*.alone.e2e.ts';

export default defineConfig({
  test: {
    // One server for both groups: started once by the root project, its values reach every project.
    globalSetup: ['./global-setup.ts'],
    // The default output, then the journeys that passed only on their retry, with the first failure.
    reporters: ['default', './lib/retry-reporter.ts'],
    projects: [
      {
        test: {
          ...journey,
          name: 'alone',
          include: [ALONE],
          // First, on the data as seeded, one file at a time and nothing else running. (Group 1, not 0:
          // Vitest puts a one-worker project of group 0 after all the others.)
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...journey,
          name: 'parallel',
          include: ['**/*.e2e.ts'],
          exclude: [ALONE, '**/node_modules/**'],
          // One browser per file, two files at a time (the machine and CI have 2 cores); E2E_WORKERS=1 runs them in turn.
          fileParallelism: true,
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
