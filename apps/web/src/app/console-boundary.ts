import type { Plugin } from 'vite';

/** What the check reads of a built chunk (Rollup's OutputChunk). */
export interface ChunkFacts {
  fileName: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
}

const CONSOLE_DIR = '/src/features/admin/';
const CONSOLE_ENTRY = `${CONSOLE_DIR}AdminApp.tsx`;
/** The console's modules: its pages, and its API's paths (the contracts' console-endpoints.ts). */
const isConsoleModule = (id: string) =>
  id.includes(CONSOLE_DIR) || id.endsWith('/contracts/src/console-endpoints.ts');

/**
 * Issue 17: member and visitor pages never load the operator console. Walks the client build
 * from its entry through every static and dynamic import, except the one lazy import of the
 * console (routes.tsx `admin/*` -> features/admin/AdminApp.tsx), and answers each module of
 * features/admin/ or of the console's endpoints found on the way (empty: the console is only
 * reachable through /admin). A
 * build without the console's own chunk is an error too (the walk would prove nothing).
 */
export function consoleLeaks(chunks: ChunkFacts[]): string[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  // The console's chunk: the one holding AdminApp.tsx (Rollup may leave its facade unnamed).
  const isConsole = (c: ChunkFacts | undefined) =>
    !!c?.moduleIds.some((m) => m.replace(/\\/g, '/').endsWith(CONSOLE_ENTRY));
  if (!chunks.some(isConsole))
    return [`no chunk of its own for ${CONSOLE_ENTRY} (the console must be a lazy import)`];
  const seen = new Set<string>();
  const todo = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = byFile.get(file);
    if (!chunk) continue;
    todo.push(...chunk.imports); // a static import of the console's chunk is a leak: walked into
    for (const d of chunk.dynamicImports) if (!isConsole(byFile.get(d))) todo.push(d);
  }
  return [...seen].flatMap((file) =>
    (byFile.get(file)?.moduleIds ?? [])
      .filter((m) => isConsoleModule(m.replace(/\\/g, '/')))
      .map((m) => `${file} carries ${m.slice(m.indexOf('/src/') + 1)}`),
  );
}

/** Fails the client build when a member or visitor chunk would load any of the console (consoleLeaks). */
export function consoleBoundary(): Plugin {
  let ssr = false;
  return {
    name: 'amora-console-boundary',
    apply: 'build',
    configResolved(c) {
      ssr = !!c.build.ssr;
    },
    generateBundle(_options, bundle) {
      if (ssr) return; // the server bundle is never sent to a browser
      const chunks = Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [o] : []));
      const leaks = consoleLeaks(chunks);
      if (leaks.length) {
        this.error(`The operator console leaks into member and visitor chunks:\n  ${leaks.join('\n  ')}`);
      }
    },
  };
}
