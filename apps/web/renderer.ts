/**
 * The renderer: Preact with its React compatibility layer, in place of React DOM (issue 29 goal 2).
 * Our code, React Router, TanStack Query and React Hook Form import `react` and `react-dom`; these
 * aliases hand them `preact/compat` everywhere the app's code is built or run: the browser's
 * bundle, the server's renderer (which bundles those libraries so the aliases reach them) and the
 * unit tests. React DOM alone was 63 KiB gzip of the 116 KiB every page loaded; Preact and its
 * compat layer are some 11 KiB. docs/ARCHITECTURE.md says why and what it costs.
 */
export const rendererAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];
