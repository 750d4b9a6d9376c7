import { describe, expect, it } from 'vitest';
import { type ChunkFacts, consoleLeaks } from './console-boundary.ts';

const chunk = (fileName: string, over: Partial<ChunkFacts> = {}): ChunkFacts => ({
  fileName,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  moduleIds: [],
  ...over,
});

const entry = (over: Partial<ChunkFacts> = {}) =>
  chunk('entry.js', {
    isEntry: true,
    moduleIds: ['/app/src/entry-client.tsx', '/app/src/routes.tsx'],
    dynamicImports: ['home.js', 'admin.js'],
    imports: ['shared.js'],
    ...over,
  });
const shared = chunk('shared.js', { moduleIds: ['/app/src/ui/Button.tsx'] });
const home = chunk('home.js', {
  moduleIds: ['/app/src/pages/Home.tsx'],
});
const admin = chunk('admin.js', {
  moduleIds: ['/app/src/features/admin/AdminApp.tsx', '/app/src/features/admin/AdminLayout.tsx'],
  imports: ['shared.js'],
  dynamicImports: ['dash.js'],
});
const dash = chunk('dash.js', { moduleIds: ['/app/src/features/admin/core/DashboardPage.tsx'] });

describe('the console boundary of the client build', () => {
  it('passes when the console is reached only through its lazy import', () => {
    expect(consoleLeaks([entry(), shared, home, admin, dash])).toEqual([]);
  });

  it('fails when a member page carries a console module', () => {
    const leaky = chunk('home.js', {
      moduleIds: ['/app/src/pages/Home.tsx', '/app/src/features/admin/api.ts'],
    });
    expect(consoleLeaks([entry(), shared, leaky, admin, dash])).toEqual([
      'home.js carries src/features/admin/api.ts',
    ]);
  });

  it("fails when a member page carries the console's endpoints", () => {
    const leaky = chunk('shared.js', {
      moduleIds: ['/app/src/ui/Button.tsx', '/repo/packages/contracts/src/console-endpoints.ts'],
    });
    expect(consoleLeaks([entry(), leaky, home, admin, dash])).toEqual([
      'shared.js carries src/console-endpoints.ts',
    ]);
  });

  it('fails when the console chunk is imported statically, or is missing', () => {
    expect(
      consoleLeaks([entry({ imports: ['shared.js', 'admin.js'] }), shared, home, admin, dash]),
    ).toContain('admin.js carries src/features/admin/AdminApp.tsx');
    expect(consoleLeaks([entry({ dynamicImports: ['home.js'] }), shared, home])[0]).toMatch(
      /no chunk of its own/,
    );
  });
});
