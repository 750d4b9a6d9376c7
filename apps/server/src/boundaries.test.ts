import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries the architecture map promises, kept by walking the imports (in the spirit of
 * Twenty's lint rules): platform/ knows no feature, a feature reaches another feature through its
 * service or presenter but never its repo (its SQL), services know nothing of HTTP, and in the
 * web app only the API client talks to the network. The web app has layers (docs/ARCHITECTURE.md
 * "Web layout"): the ground (app/, ui/, api/, styles/), entities/, features/, then the top
 * (routes.tsx, layouts/, pages/, the entries); a layer imports only its own and lower ones, a
 * feature never another feature, and no import cycle runs between web folders.
 */
const root = path.resolve(import.meta.dirname, '../../..');

interface Source {
  file: string; // relative to the repository root
  text: string;
}

function sources(dir: string): Source[] {
  const out: Source[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(path.join(root, d), { withFileTypes: true })) {
      const rel = path.join(d, e.name);
      if (e.isDirectory()) walk(rel);
      else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) {
        out.push({ file: rel, text: fs.readFileSync(path.join(root, rel), 'utf8') });
      }
    }
  };
  walk(dir);
  return out;
}

/** Every module a source imports (static, dynamic and re-exports), resolved relative to the root. */
function importsOf(src: Source): string[] {
  const specs = [...src.text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)['"]([^'"]+)['"]/gm)].map(
    (m) => m[1]!,
  );
  return specs.map((s) => (s.startsWith('.') ? path.join(path.dirname(src.file), s) : s));
}

const SERVER = 'apps/server/src';
const featureOf = (file: string) => file.match(/^apps\/server\/src\/features\/([^/]+)\//)?.[1];

const WEB = 'apps/web/src';
const WEB_LAYERS = ['ground (app, ui, api)', 'entities', 'features', 'top (routes, layouts, pages)'];

/** A web source's folder: features/x, entities/x, a top folder (ui, layouts...) or a top file (routes). */
function webFolder(file: string): string | undefined {
  if (!file.startsWith(`${WEB}/`)) return undefined;
  const parts = file.slice(WEB.length + 1).split('/');
  if (parts.length === 1) return parts[0]!.replace(/\.[^.]+$/, '');
  return parts[0] === 'features' || parts[0] === 'entities' ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** A web folder's layer, an index into WEB_LAYERS. */
function webLayer(folder: string): number {
  if (folder.startsWith('entities/')) return 1;
  if (folder.startsWith('features/')) return 2;
  if (['routes', 'layouts', 'pages'].includes(folder) || folder.startsWith('entry-')) return 3;
  return 0;
}

/** The web app's layering: no feature imports another, no layer a higher one, no cycle between folders. */
function webViolations(files: Source[]): string[] {
  const out: string[] = [];
  const edges = new Map<string, Set<string>>();
  for (const src of files) {
    const from = webFolder(src.file);
    if (!from) continue;
    for (const target of importsOf(src)) {
      const to = webFolder(target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
      if (from.startsWith('features/') && to.startsWith('features/')) {
        out.push(`${src.file}: a web feature imports another feature (${target})`);
      } else if (webLayer(from) < webLayer(to)) {
        out.push(
          `${src.file}: the web layer ${WEB_LAYERS[webLayer(from)]} imports a higher one, ${WEB_LAYERS[webLayer(to)]} (${target})`,
        );
      }
    }
  }
  // Cycles: the strongly connected components of the folder graph (Tarjan), those of two or more.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1)
        out.push(`web folders import each other in a cycle: ${component.sort().join(', ')}`);
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

/** The violated rules of a set of sources, one line each. */
export function violations(files: Source[]): string[] {
  const out: string[] = [];
  for (const src of files) {
    for (const target of importsOf(src)) {
      if (src.file.startsWith(`${SERVER}/platform/`) && target.startsWith(`${SERVER}/features/`)) {
        out.push(`${src.file}: platform imports a feature (${target})`);
      }
      const from = featureOf(src.file);
      const to = featureOf(target);
      if (from && to && from !== to && /\.repo(\.ts)?$/.test(target)) {
        out.push(`${src.file}: reaches into another feature's repo (${target})`);
      }
      if (/\.service\.ts$/.test(src.file) && (target === 'fastify' || target.startsWith('@fastify/'))) {
        out.push(`${src.file}: a service imports HTTP (${target})`);
      }
    }
    if (
      src.file.startsWith('apps/web/src/') &&
      src.file !== 'apps/web/src/api/client.ts' &&
      /(^|[^\w.])fetch\s*\(|XMLHttpRequest/.test(src.text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ''))
    ) {
      out.push(`${src.file}: calls the network outside the API client (api/client.ts)`);
    }
  }
  out.push(...webViolations(files));
  return out;
}

/**
 * The server's floors, lowest first (docs/ARCHITECTURE.md): platform/ (and config.ts) at the
 * ground, features/ above it, and on top what puts them together: app.ts, ssr.ts (and ssr-data.ts),
 * main.ts, cli/
 * and seed/ (the demo uses the features' services). Within features/ the floors the imports
 * show: a feature imports only features on lower floors, never one beside or above it (no
 * cycle). A new feature takes the floor above everything it imports.
 */
export const FEATURE_FLOORS: readonly (readonly string[])[] = [
  ['complaints', 'credits', 'photos', 'safety'],
  ['profiles'],
  ['members'],
  ['sites'],
  ['notifications', 'data-export'],
  ['chat'],
  ['likes'],
  ['discover', 'fictional', 'landers', 'moderation', 'push'],
  ['accounts'],
  ['admin', 'passkeys', 'payments'],
  ['admin-members'],
];
const featureFloor = new Map(FEATURE_FLOORS.flatMap((fs, i) => fs.map((f) => [f, i] as const)));
const TOP = /^apps\/server\/src\/(app|ssr|ssr-data|main)\.ts$|^apps\/server\/src\/(cli|seed)\//;
const isRepo = (file: string) => /\.repo(\.ts)?$/.test(file);

/**
 * Feature modules besides the repos whose SQL is their whole point (one statement each, or a
 * statement built from a filter): they stay; any other feature module running SQL fails.
 */
const SQL_MODULES = new Set(
  [
    'credits/ledger.ts', // the only way credits change: one statement, the ledger's rules in it
    'members/search.ts', // the keyset search, its WHERE built from the filter
    'members/members.profile.ts', // a member's page: visibility and card SQL of members
    'notifications/presence.ts', // two keep-alive writes, called by chat's socket
    'sites/dev-site-settings.ts', // local/e2e only: a test site's settings
  ].map((f) => `${SERVER}/features/${f}`),
);
/** Whether a source runs SQL: calls query()/firstRow() or uses the sql`…` template. */
const runsSql = (src: Source) =>
  /\.query\s*[<(]|\bfirstRow\s*\(/.test(src.text) ||
  importsOf(src).some((t) => t.endsWith('platform/sql.ts'));

/** What a source re-exports (`export … from`), resolved like its imports. */
function reexportsOf(src: Source): string[] {
  return [...src.text.matchAll(/^export\s[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm)].map((m) =>
    m[1]!.startsWith('.') ? path.join(path.dirname(src.file), m[1]!) : m[1]!,
  );
}

/**
 * The server's floor rules, one line per arrow running back up or sideways. Imports are seen
 * through re-exports: importing a module that re-exports another feature's repo reaches that repo.
 */
export function serverViolations(files: Source[]): string[] {
  const reexports = new Map(files.map((f) => [f.file, reexportsOf(f)]));
  /** A module and everything reachable from it through re-exports. */
  const through = (target: string, seen = new Set<string>()): string[] => {
    if (seen.has(target)) return [];
    seen.add(target);
    return [target, ...(reexports.get(target) ?? []).flatMap((t) => through(t, seen))];
  };
  const out: string[] = [];
  for (const src of files) {
    if (!src.file.startsWith(`${SERVER}/`)) continue;
    const from = featureOf(src.file);
    if (from && !featureFloor.has(from))
      out.push(`${src.file}: feature '${from}' is on no floor (FEATURE_FLOORS)`);
    if (from && !isRepo(src.file) && !SQL_MODULES.has(src.file) && runsSql(src))
      out.push(`${src.file}: SQL outside a repo (move it into ${from}'s *.repo.ts)`);
    for (const target of reexportsOf(src)) {
      if (isRepo(target) && !isRepo(src.file)) out.push(`${src.file}: re-exports a repo (${target})`);
    }
    const direct = new Set(importsOf(src));
    for (const target of new Set(importsOf(src).flatMap((t) => through(t)))) {
      const via = direct.has(target) ? '' : ' through a re-export';
      const to = featureOf(target);
      if ((src.file.startsWith(`${SERVER}/platform/`) || from) && TOP.test(target)) {
        out.push(`${src.file}: imports the floor above the features (${target})`);
      }
      if (from && to && from !== to) {
        if ((featureFloor.get(to) ?? -1) >= (featureFloor.get(from) ?? -1)) {
          out.push(`${src.file}: arrow back up, feature ${from} imports ${to}${via} (${target})`);
        }
        if (via && isRepo(target))
          out.push(`${src.file}: reaches into another feature's repo${via} (${target})`);
      }
      if (
        /^apps\/server\/src\/(app|ssr|ssr-data|main)\.ts$|^apps\/server\/src\/cli\//.test(src.file) &&
        isRepo(target)
      ) {
        out.push(`${src.file}: the top floor reads a repo instead of a service (${target})`);
      }
    }
  }
  return out;
}

/** Feature-to-feature imports that run back up (or sideways) the floors: the issue 27 figure. */
export const serverArrowsUp = (files: Source[]) =>
  serverViolations(files).filter((v) => v.includes(': arrow back up,')).length;

describe('architecture boundaries', () => {
  it('hold in the server and the web app', () => {
    const files = [...sources(SERVER), ...sources('apps/web/src')];
    expect(files.length).toBeGreaterThan(100);
    expect(violations(files)).toEqual([]);
  });

  it('catch each kind of violation', () => {
    const found = violations([
      { file: `${SERVER}/platform/x.ts`, text: "import { a } from '../features/chat/chat.service.ts';" },
      { file: `${SERVER}/features/likes/x.ts`, text: "import { b } from '../chat/chat.repo.ts';" },
      {
        file: `${SERVER}/features/likes/likes.service.ts`,
        text: "import type { FastifyRequest } from 'fastify';",
      },
      { file: 'apps/web/src/features/chat/X.tsx', text: 'await fetch("/api/chats.php");' },
      // Allowed: a feature's own repo, another feature's service, the client's own fetch.
      { file: `${SERVER}/features/likes/likes.service.ts`, text: "import { c } from './likes.repo.ts';" },
      { file: `${SERVER}/features/likes/y.ts`, text: "import { d } from '../chat/chat.service.ts';" },
      { file: 'apps/web/src/api/client.ts', text: 'await fetch(url);' },
      { file: 'apps/web/src/features/chat/Y.tsx', text: 'query.refetch();' },
      // The web layers: a feature importing another; the ground importing an entity, an entity a
      // feature, a feature the top; entities/x and entities/y importing each other.
      { file: 'apps/web/src/features/search/A.tsx', text: "import { B } from '../likes/B.tsx';" },
      { file: 'apps/web/src/api/queries.ts', text: "import { p } from '../entities/push/push-state.ts';" },
      {
        file: 'apps/web/src/entities/session/api.ts',
        text: "import { k } from '../../features/chat/kept.ts';",
      },
      { file: 'apps/web/src/features/likes/C.tsx', text: "import type { R } from '../../routes.tsx';" },
      { file: 'apps/web/src/entities/member/D.ts', text: "import { e } from '../likes/e.ts';" },
      { file: 'apps/web/src/entities/likes/e.ts', text: "import { D } from '../member/D.ts';" },
      // Allowed: a feature importing entities and the ground, an entity another (no cycle), the top anything.
      {
        file: 'apps/web/src/features/chat/Z.tsx',
        text: "import { m } from '../../entities/credits/money.ts';",
      },
      { file: 'apps/web/src/entities/chat/q.ts', text: "import { n } from '../push/nav-polling.ts';" },
      { file: 'apps/web/src/pages/P.tsx', text: "import { S } from '../features/settings/S.tsx';" },
    ]);
    expect(found).toEqual([
      `${SERVER}/platform/x.ts: platform imports a feature (${SERVER}/features/chat/chat.service.ts)`,
      `${SERVER}/features/likes/x.ts: reaches into another feature's repo (${SERVER}/features/chat/chat.repo.ts)`,
      `${SERVER}/features/likes/likes.service.ts: a service imports HTTP (fastify)`,
      'apps/web/src/features/chat/X.tsx: calls the network outside the API client (api/client.ts)',
      'apps/web/src/features/search/A.tsx: a web feature imports another feature (apps/web/src/features/likes/B.tsx)',
      'apps/web/src/api/queries.ts: the web layer ground (app, ui, api) imports a higher one, entities (apps/web/src/entities/push/push-state.ts)',
      'apps/web/src/entities/session/api.ts: the web layer entities imports a higher one, features (apps/web/src/features/chat/kept.ts)',
      'apps/web/src/features/likes/C.tsx: the web layer features imports a higher one, top (routes, layouts, pages) (apps/web/src/routes.tsx)',
      'web folders import each other in a cycle: entities/likes, entities/member',
    ]);
  });

  it('keep the server on its floors: no arrow back up, no repo re-exported, no seed in features, no SQL outside repos', () => {
    const files = sources(SERVER);
    expect(serverViolations(files)).toEqual([]);
    expect(serverArrowsUp(files)).toBe(0);
    // Every feature folder stands on a floor.
    expect(fs.readdirSync(path.join(root, SERVER, 'features')).sort()).toEqual(FEATURE_FLOORS.flat().sort());
  });

  it('catch each kind of server floor violation', () => {
    const found = serverViolations([
      // An arrow back up: members (floor 2) imports likes (floor 6); sideways: discover and push.
      {
        file: `${SERVER}/features/members/x.ts`,
        text: "import { likeState } from '../likes/likes.service.ts';",
      },
      { file: `${SERVER}/features/discover/x.ts`, text: "import { p } from '../push/push.service.ts';" },
      // A service re-exporting its repo, and a feature reaching another's repo through it.
      {
        file: `${SERVER}/features/profiles/profiles.service.ts`,
        text: "export { profileById } from './profiles.repo.ts';",
      },
      {
        file: `${SERVER}/features/likes/y.ts`,
        text: "import { profileById } from '../profiles/profiles.service.ts';",
      },
      // A service (or platform) importing the demo seed or the app.
      {
        file: `${SERVER}/features/profiles/geocode.service.ts`,
        text: "import { REGION_DATA } from '../../seed/regions.ts';",
      },
      { file: `${SERVER}/platform/z.ts`, text: "import { buildApp } from '../app.ts';" },
      // The top floor reading a repo.
      {
        file: `${SERVER}/ssr.ts`,
        text: "import { accountById } from './features/accounts/accounts.repo.ts';",
      },
      // A feature on no floor.
      { file: `${SERVER}/features/newthing/a.ts`, text: "import { b } from './b.ts';" },
      // SQL in a service: by query() and by the sql`…` template.
      { file: `${SERVER}/features/photos/photos.service.ts`, text: "await db.query('DELETE FROM photos');" },
      {
        file: `${SERVER}/features/discover/discover.service.ts`,
        text: "import { sql } from '../../platform/sql.ts';",
      },
      // Allowed: down the floors, a feature's own repo, the top floor through services, seed using features.
      { file: `${SERVER}/features/likes/z.ts`, text: "import { m } from '../members/members.service.ts';" },
      { file: `${SERVER}/features/likes/likes.service.ts`, text: "import { r } from './likes.repo.ts';" },
      { file: `${SERVER}/features/likes/likes.repo.ts`, text: "await q.query('SELECT 1');" },
      {
        file: `${SERVER}/ssr.ts`,
        text: "import { currentUser } from './features/accounts/accounts.service.ts';",
      },
      {
        file: `${SERVER}/seed/seed.ts`,
        text: "import { REGION_DATA } from '../features/profiles/regions.ts';",
      },
    ]);
    expect(found).toEqual([
      `${SERVER}/features/members/x.ts: arrow back up, feature members imports likes (${SERVER}/features/likes/likes.service.ts)`,
      `${SERVER}/features/discover/x.ts: arrow back up, feature discover imports push (${SERVER}/features/push/push.service.ts)`,
      `${SERVER}/features/profiles/profiles.service.ts: re-exports a repo (${SERVER}/features/profiles/profiles.repo.ts)`,
      `${SERVER}/features/likes/y.ts: reaches into another feature's repo through a re-export (${SERVER}/features/profiles/profiles.repo.ts)`,
      `${SERVER}/features/profiles/geocode.service.ts: imports the floor above the features (${SERVER}/seed/regions.ts)`,
      `${SERVER}/platform/z.ts: imports the floor above the features (${SERVER}/app.ts)`,
      `${SERVER}/ssr.ts: the top floor reads a repo instead of a service (${SERVER}/features/accounts/accounts.repo.ts)`,
      `${SERVER}/features/newthing/a.ts: feature 'newthing' is on no floor (FEATURE_FLOORS)`,
      `${SERVER}/features/photos/photos.service.ts: SQL outside a repo (move it into photos's *.repo.ts)`,
      `${SERVER}/features/discover/discover.service.ts: SQL outside a repo (move it into discover's *.repo.ts)`,
    ]);
  });
});
