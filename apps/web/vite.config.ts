import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { rendererAliases } from './renderer.ts';
import { consoleBoundary } from './src/app/console-boundary.ts';

/**
 * Brotli (quality 11) and gzip (level 9) copies of the client build's text assets, written once at
 * build time: the server's static handler sends them as they are (preCompressed), so a hashed
 * asset costs no compression per request and gets the best ratio there is.
 */
function precompress(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'amora-precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
      ssr = !!c.build.ssr;
    },
    closeBundle() {
      const dir = path.join(outDir, 'assets');
      // The server bundle is never sent; a failed build has no assets (and its own error to tell).
      if (ssr || !fs.existsSync(dir)) return;
      for (const name of fs.readdirSync(dir)) {
        if (!/\.(js|css|svg|json|txt)$/.test(name)) continue;
        const body = fs.readFileSync(path.join(dir, name));
        if (body.length < 1024) continue;
        fs.writeFileSync(
          path.join(dir, `${name}.br`),
          zlib.brotliCompressSync(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
        fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * React Router publishes a production build beside its development one but its package exports
 * name only the latter (remix-run/react-router#12532, #14753): the browser's bundle takes the
 * production files, without the development warnings (0.6 KiB gzip of every page). The dev server,
 * the tests and the server keep what Node resolves.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  resolve: {
    alias: [
      ...rendererAliases,
      ...(command !== 'build' || isSsrBuild
        ? []
        : [
            { find: /^react-router$/, replacement: `${reactRouterProduction}/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}/dom-export.mjs` },
          ]),
    ],
  },
  // consoleBoundary: the build fails when a member or visitor chunk would load the operator console.
  plugins: [precompress(), consoleBoundary()],
  // JSX compiles to `react/jsx-runtime` calls (tsconfig's react-jsx), which the aliases hand to Preact.
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    // terser makes the browser's scripts 3 % smaller than esbuild's minifier (the entry 147.9 ->
    // 143.8 KiB gzip, issue 16 item 6) for some 20 s more build time; the server bundle stays as is.
    minify: isSsrBuild ? false : 'terser',
    // BUILD_SOURCEMAP=1: source maps beside the files, not named in them (the scripts stay byte for
    // byte the same), for a CPU profile of a page's load mapped back to the sources.
    sourcemap: process.env.BUILD_SOURCEMAP ? 'hidden' : false,
    terserOptions: { ecma: 2020, module: true, compress: { passes: 2 } },
    assetsInlineLimit: 2048,
    manifest: true,
    rollupOptions: {
      // React Router's and TanStack Query's "use client" marks mean nothing to a bundle (the server
      // renderer now bundles them too): not worth a warning per module.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      // The app (index.html) and the public pages' loader of 1 KiB (src/entry-loader.ts), which
      // the server puts in a visitor's home, info pages, landers and pricing instead of the app.
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        loader: path.resolve(import.meta.dirname, 'src/entry-loader.ts'),
      },
    },
  },
  ssr: {
    // Bundle everything the SSR entry imports, our workspace packages and the libraries that import
    // `react`: the renderer's aliases must reach them, as they do in the browser's bundle.
    noExternal: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
}));
