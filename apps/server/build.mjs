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

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalDeps],
  logLevel: 'warning',
});
