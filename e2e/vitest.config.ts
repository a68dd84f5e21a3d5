import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A browser journey that fails once is run once more; one that fails twice fails the suite.
    retry: 1,
    // One server, one browser per file; files run one after another on 2 cores.
    fileParallelism: false,
  },
});
