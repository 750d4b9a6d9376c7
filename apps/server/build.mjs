// Bundles the server into dist/main.js: our workspace packages are bundled (they are TypeScript
// source), every npm dependency stays an external import resolved from node_modules.
import { build } from 'esbuild';

const externalDeps = {
  name: 'external-deps',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@amora/') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

// dist/main.js (the server) and dist/admin.js (`npm run admin`, operators of the console).
await build({
  entryPoints: { main: 'src/main.ts', admin: 'src/cli/admin.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalDeps],
  logLevel: 'warning',
});
