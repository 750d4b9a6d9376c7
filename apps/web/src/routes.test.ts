import fs from 'node:fs';
import path from 'node:path';
import { LANDER_DESIGNS } from '@amora/contracts/landers';
import { describe, expect, it } from 'vitest';
import { pageData, pageModules } from './routes.tsx';

const webRoot = path.resolve(import.meta.dirname, '..');
const source = fs.readFileSync(path.join(import.meta.dirname, 'routes.tsx'), 'utf8');

describe('routes', () => {
  it("name each lazy page by the module it imports (the server links that module's styles)", () => {
    const pages = [...source.matchAll(/page\(\s*'([^']+)',\s*\(\) => import\('([^']+)'\),?\s*\)/g)];
    expect(pages.length).toBeGreaterThan(20);
    for (const [, named, imported] of pages) expect(named).toBe(imported);
    // Every lazy route goes through page(): no bare import() the server would not know of.
    expect(source.match(/import\('/g)?.length).toBe(pages.length);
  });

  it('tell the server which modules a page loads', () => {
    expect(pageModules('/chats/123')).toEqual(['src/features/chat/ChatsPage.tsx']);
    expect(pageModules('/swipe-game')).toEqual(['src/features/discover/SwipeGamePage.tsx']);
    expect(pageModules('/')).toEqual(['src/pages/Home.tsx']);
    expect(pageModules('/no-such-page')).toEqual(['src/pages/NotFound.tsx']);
    // A lander loads its own design's module (and stylesheet) alone.
    expect(pageModules('/landers/gallery/she-de')).toEqual(['src/features/landers/designs/Gallery.tsx']);
    expect(new Set(LANDER_DESIGNS.flatMap((d) => pageModules(`/landers/${d}`))).size).toBe(
      LANDER_DESIGNS.length,
    );
    const paths = [
      '/members',
      '/members/x',
      '/likes',
      '/pages/terms',
      ...LANDER_DESIGNS.map((d) => `/landers/${d}`),
    ];
    for (const m of paths.flatMap(pageModules)) {
      expect(fs.existsSync(path.join(webRoot, m)), m).toBe(true);
    }
  });

  it('declare the data a page needs at first paint', () => {
    expect(pageData('/')).toEqual([{ kind: 'featured' }]);
    expect(pageData('/members/abc')).toEqual([{ kind: 'member', id: 'abc' }]);
    expect(pageData('/members')).toEqual([{ kind: 'search' }]);
    expect(pageData('/pricing')).toEqual([{ kind: 'pricing' }]);
    expect(pageData('/credits')).toEqual([{ kind: 'pricing' }]);
    expect(pageData('/premium')).toEqual([{ kind: 'pricing' }]);
    expect(pageData('/credits/repeat-order')).toEqual([]);
    expect(pageData('/chats')).toEqual([{ kind: 'chats' }]);
    expect(pageData('/chats/c1')).toEqual([{ kind: 'chats', conversation: 'c1' }]);
    expect(pageData('/members/abc/chat')).toEqual([{ kind: 'chats', member: 'abc' }]);
    expect(pageData('/likes/received')).toEqual([{ kind: 'likes' }]);
    expect(pageData('/likes/m/abc')).toEqual([]);
  });
});
