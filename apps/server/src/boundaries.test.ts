import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries the architecture map promises, kept by walking the imports (in the spirit of
 * Twenty's lint rules): platform/ knows no feature, a feature reaches another feature through its
 * service or presenter but never its repo (its SQL), services know nothing of HTTP, and in the
 * web app only the API client talks to the network.
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
  return out;
}

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
    ]);
    expect(found).toEqual([
      `${SERVER}/platform/x.ts: platform imports a feature (${SERVER}/features/chat/chat.service.ts)`,
      `${SERVER}/features/likes/x.ts: reaches into another feature's repo (${SERVER}/features/chat/chat.repo.ts)`,
      `${SERVER}/features/likes/likes.service.ts: a service imports HTTP (fastify)`,
      'apps/web/src/features/chat/X.tsx: calls the network outside the API client (api/client.ts)',
    ]);
  });
});
