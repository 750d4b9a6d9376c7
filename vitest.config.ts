import { defineConfig } from 'vitest/config';

// Test tiers by file name (guide): *.test.ts unit, *.int.test.ts integration on a real database.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'apps/**/src/**/*.test.{ts,tsx}',
            'packages/**/src/**/*.test.ts',
            'packages/**/test/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**', '**/dist/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          include: ['apps/**/src/**/*.int.test.ts', 'apps/server/test/**/*.int.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
