import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { rendererAliases } from './apps/web/renderer.ts';

// The app's components render with Preact in tests as in the browser (apps/web/renderer.ts): the
// libraries that import `react` are inlined so the aliases reach them.
// React Router's CommonJS build (what Vitest resolves for Node) requires React past the aliases.
const reactRouterEsm = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/development/index.mjs',
);
const renderer = {
  resolve: { alias: [...rendererAliases, { find: /^react-router$/, replacement: reactRouterEsm }] },
};
const inlineReactLibraries = {
  deps: { inline: ['react-router', '@tanstack/react-query', 'react-hook-form', 'react-i18next'] },
};

// Test tiers by file name (guide): *.test.ts unit, *.int.test.ts integration on a real database.
export default defineConfig({
  test: {
    projects: [
      {
        ...renderer,
        test: {
          name: 'unit',
          server: inlineReactLibraries,
          include: [
            'apps/**/src/**/*.test.{ts,tsx}',
            'packages/**/src/**/*.test.ts',
            'packages/**/test/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**', '**/dist/**'],
          environment: 'node',
          // Vitest's 5 s default is a third of what the demo generator's tests take on a machine
          // running other suites beside them (seed/demo-data.test.ts: 1-2 s quiet, over 5 s at a
          // load average of 14 on 2 cores); 20 s keeps a third of the budget free above that.
          testTimeout: 20_000,
        },
      },
      {
        // The server's tests render pages from the web app's sources (test/source-web.ts).
        ...renderer,
        test: {
          name: 'int',
          server: inlineReactLibraries,
          include: ['apps/**/src/**/*.int.test.ts', 'apps/server/test/**/*.int.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        // Fault injection (issue 24): real processes killed, stopped and slowed. The quick ones are
        // *.int.test.ts under test/faults (npm test runs them); the long ones are
        // *.fault.test.ts, run by `npm run test:faults` (docs/reliability.md).
        ...renderer,
        test: {
          name: 'faults',
          server: inlineReactLibraries,
          include: ['apps/server/test/faults/**/*.fault.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
