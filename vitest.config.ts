import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/server/src/lib/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: [
            'apps/server/src/modules/**/*.test.ts',
            'apps/server/src/plugins/**/*.test.ts',
            'apps/server/src/platform/**/*.test.ts',
            'apps/server/src/db/**/*.test.ts',
          ],
          environment: 'node',
          // Migrates and seeds the template databases once; each test app starts from a copy.
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite instances are heavy; two files at a time on a 2-core machine.
          maxWorkers: 2,
          // A worker imports the server once for all its files, instead of once a file (about half
          // of the suite's time). Each file still builds its own app on its own database copy; a
          // test that needs a module replaced (vi.mock) cannot live here.
          isolate: false,
        },
      },
    ],
  },
});
