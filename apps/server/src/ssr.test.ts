import { describe, expect, it } from 'vitest';
import { manifestKey } from './ssr.ts';

describe('manifestKey: a route module in the client build manifest', () => {
  const manifest = {
    'src/features/search/SearchPage.tsx': {
      file: 'assets/SearchPage-a.js',
      isDynamicEntry: true,
      name: 'SearchPage',
    },
    // A route module Vite builds as a shared chunk (in a cycle of dynamic imports).
    '_ProfilePage-b.js': { file: 'assets/ProfilePage-b.js', isDynamicEntry: true, name: 'ProfilePage' },
    // A shared chunk of the same name that is no route's own.
    '_SearchPage-c.js': { file: 'assets/SearchPage-c.js', name: 'SearchPage' },
  };

  it('is the module path where Vite keys it so', () => {
    expect(manifestKey(manifest, 'src/features/search/SearchPage.tsx')).toBe(
      'src/features/search/SearchPage.tsx',
    );
  });

  it("is the shared chunk named after it where Vite built the module as one (the profile editor's)", () => {
    expect(manifestKey(manifest, 'src/features/profiles/ProfilePage.tsx')).toBe('_ProfilePage-b.js');
  });

  it('is nothing for a module the build does not have', () => {
    expect(manifestKey(manifest, 'src/features/gone/GonePage.tsx')).toBeUndefined();
  });
});
