import { describe, expect, it } from 'vitest';
import { areaOfModule, budgetError, firstScreenJs, firstScreenLibraries, mergedModules, planBundle, type BuiltChunk } from './bundle-plan';

const SRC = '/repo/client/src';

function chunk(file: string, parts: Partial<BuiltChunk> = {}): BuiltChunk {
  return { file, isEntry: false, imports: [], dynamicImports: [], modules: [], css: [], bytes: 1000, gzipBytes: 400, ...parts };
}

/**
 * A small app as the bundler splits it: the entry (React, the router's tree) imports the UI kit;
 * the sign-in page and the sync runtime load lazily; each area has a layout and pages, the host's
 * finances bring the charts, the profile page (every area) loads its QR code setup on demand.
 */
function fixture(entryGzip = 150_000): BuiltChunk[] {
  return [
    chunk('assets/index.js', {
      isEntry: true,
      imports: ['assets/ui.js'],
      dynamicImports: ['assets/login.js', 'assets/register.js', 'assets/runtime.js', 'assets/_staff.js', 'assets/staff.tasks.js', 'assets/_host.js', 'assets/host.finances.js', 'assets/admin.hosts.js'],
      modules: [`${SRC}/main.tsx`, `${SRC}/routeTree.gen.ts`, `${SRC}/routes/_staff.tsx`, `${SRC}/routes/_host.tsx`],
      css: ['assets/index.css'],
      gzipBytes: entryGzip,
    }),
    chunk('assets/ui.js', { modules: [`${SRC}/components/ui/Button.tsx`], gzipBytes: 10_000 }),
    chunk('assets/login.js', { imports: ['assets/index.js', 'assets/form.js'], modules: [`${SRC}/routes/login.tsx?tsr-split=component`], gzipBytes: 5_000 }),
    chunk('assets/form.js', { modules: [`${SRC}/components/ui/Input.tsx`], gzipBytes: 2_000 }),
    chunk('assets/register.js', { imports: ['assets/form.js'], modules: [`${SRC}/routes/register.tsx?tsr-split=component`] }),
    chunk('assets/runtime.js', { imports: ['assets/index.js'], modules: [`${SRC}/sync/runtime.ts`] }),
    chunk('assets/shell.js', { modules: [`${SRC}/components/layout/AppShell.tsx`], css: ['assets/shell.css'] }),
    chunk('assets/profile.js', { imports: ['assets/shell.js'], dynamicImports: ['assets/qrcode.js'], modules: [`${SRC}/features/profile/ProfilePage.tsx`] }),
    chunk('assets/qrcode.js', { modules: ['/repo/node_modules/qrcode/lib/index.js'] }),
    chunk('assets/_staff.js', { imports: ['assets/shell.js', 'assets/profile.js'], modules: [`${SRC}/routes/_staff.tsx?tsr-split=component`] }),
    chunk('assets/staff.tasks.js', { imports: ['assets/index.js'], modules: [`${SRC}/routes/_staff/staff.tasks.tsx?tsr-split=component`] }),
    chunk('assets/_host.js', { imports: ['assets/shell.js', 'assets/profile.js'], modules: [`${SRC}/routes/_host.tsx?tsr-split=component`] }),
    chunk('assets/host.finances.js', { imports: ['assets/charts.js'], modules: [`${SRC}/routes/_host/host.finances.tsx?tsr-split=component`] }),
    chunk('assets/charts.js', { modules: ['/repo/node_modules/recharts/es6/index.js'], css: ['assets/charts.css'] }),
    chunk('assets/admin.hosts.js', { imports: ['assets/shell.js', 'assets/profile.js', 'assets/charts.js'], modules: [`${SRC}/routes/_admin/admin.hosts.tsx?tsr-split=component`] }),
  ];
}

describe('areaOfModule', () => {
  it('reads the area of layout and page route modules, none for public routes and other code', () => {
    expect(areaOfModule(`${SRC}/routes/_staff.tsx?tsr-split=component`)).toBe('staff');
    expect(areaOfModule(`${SRC}/routes/_host/host.finances.tsx`)).toBe('host');
    expect(areaOfModule(`${SRC}/routes/_admin/admin.hosts.$hostId.tsx?tsr-split=component`)).toBe('admin');
    expect(areaOfModule(`${SRC}/routes/login.tsx?tsr-split=component`)).toBeNull();
    expect(areaOfModule(`${SRC}/features/staff/TasksPage.tsx`)).toBeNull();
  });
});

describe('planBundle', () => {
  const plan = planBundle(fixture(), ['/client/src/routes/login.tsx', '/client/src/sync/runtime.ts']);

  it('precaches the entry, the first modules with their imports, and what every area uses', () => {
    expect(plan.precache).toEqual(['assets/form.js', 'assets/index.css', 'assets/index.js', 'assets/login.js', 'assets/profile.js', 'assets/runtime.js', 'assets/shell.css', 'assets/shell.js', 'assets/ui.js']);
  });

  it('gives each area its own pages and what only they import, with their styles', () => {
    expect(plan.areas.staff).toEqual(['assets/_staff.js', 'assets/staff.tasks.js']);
    expect(plan.areas.host).toEqual(['assets/_host.js', 'assets/charts.css', 'assets/charts.js', 'assets/host.finances.js']);
    // Shared by two areas: in both lists (each role caches it), never in the precache.
    expect(plan.areas.admin).toEqual(['assets/admin.hosts.js', 'assets/charts.css', 'assets/charts.js']);
  });

  it('leaves other public pages and what a page loads on demand to their first use', () => {
    expect(plan.onFirstUse).toEqual(['assets/qrcode.js', 'assets/register.js']);
  });

  it('lists every file once per list, and every file somewhere', () => {
    const lists = [plan.precache, plan.areas.admin, plan.areas.host, plan.areas.staff, plan.onFirstUse];
    for (const list of lists) expect(new Set(list).size).toBe(list.length);
    const all = new Set(lists.flat());
    for (const c of fixture()) expect(all.has(c.file)).toBe(true);
    for (const file of plan.precache) expect([...plan.areas.admin, ...plan.areas.host, ...plan.areas.staff, ...plan.onFirstUse]).not.toContain(file);
  });
});

describe('planBundle with modules given to an area', () => {
  it("puts an area's catalogs, which the entry loads on demand, with that area and out of the precache", () => {
    const chunks = [
      ...fixture(),
      chunk('assets/common-es.js', { modules: ['\0virtual:i18n-catalog/common/es'] }),
      chunk('assets/staff-es.js', { modules: ['\0virtual:i18n-catalog/staff/es'] }),
      chunk('assets/host-en.js', { modules: ['\0virtual:i18n-catalog/host/en'] }),
    ];
    const plan = planBundle(chunks, ['/client/src/routes/login.tsx', 'virtual:i18n-catalog/common/es'], {
      staff: ['virtual:i18n-catalog/staff/es'],
      host: ['virtual:i18n-catalog/host/en'],
    });
    expect(plan.precache).toContain('assets/common-es.js');
    expect(plan.areas.staff).toContain('assets/staff-es.js');
    expect(plan.areas.host).toContain('assets/host-en.js');
    expect([...plan.precache, ...plan.areas.staff, ...plan.areas.admin, ...plan.onFirstUse]).not.toContain('assets/host-en.js');
    expect([...plan.precache, ...plan.areas.host]).not.toContain('assets/staff-es.js');
  });
});

describe('mergedModules', () => {
  const first = ['/client/src/routes/login.tsx', '/client/src/sync/runtime.ts'];

  it("merges what every area needs and the first screen does not, and a small area's own files, nothing else", () => {
    const chunks = [...fixture(), chunk('assets/staff-es.js', { modules: ['\0virtual:i18n-catalog/staff/es'] })];
    const groups = mergedModules(chunks, first, { staff: ['virtual:i18n-catalog/staff/es'] }, ['staff']);
    expect(groups.areas).toEqual([`${SRC}/components/layout/AppShell.tsx`, `${SRC}/features/profile/ProfilePage.tsx`]);
    // The staff area's layout and page; its catalog stays a file of its own (one per language).
    expect(groups['area-staff']).toEqual([`${SRC}/routes/_staff.tsx?tsr-split=component`, `${SRC}/routes/_staff/staff.tasks.tsx?tsr-split=component`]);
    expect(Object.keys(groups).sort()).toEqual(['area-staff', 'areas']);
  });

  it("merges what a signed-in start loads after the first screen, leaving apart what a light public page imports too", () => {
    // The runtime imports the store (Dexie), the schemas and the auth calls; sign-up imports the
    // auth calls (and with them the schemas); the demo imports the store, so it is no light page.
    const chunks = fixture().map((c) => {
      if (c.file === 'assets/runtime.js') return { ...c, imports: [...c.imports, 'assets/store.js', 'assets/api.js', 'assets/ui.js'] };
      if (c.file === 'assets/register.js') return { ...c, imports: [...c.imports, 'assets/api.js'] };
      if (c.file === 'assets/index.js') return { ...c, dynamicImports: [...c.dynamicImports, 'assets/demo.js'] };
      return c;
    });
    chunks.push(
      chunk('assets/store.js', { modules: ['/repo/node_modules/dexie/dist/modern/dexie.mjs', `${SRC}/db/db.ts`] }),
      chunk('assets/api.js', { imports: ['assets/schemas.js'], modules: [`${SRC}/auth/auth-api.ts`] }),
      chunk('assets/schemas.js', { modules: ['/repo/node_modules/zod/v4/classic/schemas.js'] }),
      chunk('assets/demo.js', { imports: ['assets/store.js'], modules: [`${SRC}/routes/demo.tsx?tsr-split=component`] }),
    );
    const groups = mergedModules(chunks, first, {}, ['staff'], ['/client/src/sync/runtime.ts']);
    expect(groups['signed-in']).toEqual([`${SRC}/sync/runtime.ts`, '/repo/node_modules/dexie/dist/modern/dexie.mjs', `${SRC}/db/db.ts`]);
    // Neither the first screen (the UI kit), nor sign-up's auth calls and schemas, nor other groups' modules.
    expect(Object.keys(groups).sort()).toEqual(['area-staff', 'areas', 'signed-in']);
    const merged = Object.values(groups).flat();
    expect(new Set(merged).size).toBe(merged.length);
  });

  it('merges the files a whole area shares with the same other area, and leaves a single one where it is', () => {
    // The staff's task dialog and its texts, which the host's housekeeping page shows too.
    const chunks = fixture().map((c) => {
      if (c.file === 'assets/staff.tasks.js' || c.file === 'assets/_host.js') return { ...c, imports: [...c.imports, 'assets/dialog.js', 'assets/texts.js'] };
      return c;
    });
    chunks.push(chunk('assets/dialog.js', { modules: [`${SRC}/features/tasks/TaskDialog.tsx`], css: ['assets/dialog.css'] }), chunk('assets/texts.js', { modules: [`${SRC}/features/host-text/texts.ts`] }));
    const groups = mergedModules(chunks, first, {}, ['staff']);
    expect(groups['areas-host-staff']).toEqual([`${SRC}/features/tasks/TaskDialog.tsx`, `${SRC}/features/host-text/texts.ts`]);
    expect(groups['area-staff']).toEqual([`${SRC}/routes/_staff.tsx?tsr-split=component`, `${SRC}/routes/_staff/staff.tasks.tsx?tsr-split=component`]);
    // One shared file (with its stylesheet) is no group: the host and the admins' charts.
    expect(Object.keys(mergedModules(fixture(), first, {}, ['host']))).toEqual(['areas', 'area-host']);
  });

  it('leaves the entry, the first screen and what a page loads on demand where the bundler put them', () => {
    const merged = Object.values(mergedModules(fixture(), first, {}, ['staff', 'host', 'admin'])).flat();
    for (const id of ['/repo/node_modules/recharts/es6/index.js', `${SRC}/main.tsx`, `${SRC}/components/ui/Button.tsx`, `${SRC}/routes/login.tsx?tsr-split=component`, `${SRC}/components/ui/Input.tsx`, `${SRC}/sync/runtime.ts`, '/repo/node_modules/qrcode/lib/index.js']) {
      expect(merged).not.toContain(id);
    }
    expect(new Set(merged).size).toBe(merged.length);
  });
});

describe('firstScreenJs and budgetError', () => {
  it('sums the gzipped entry, its static imports and the sign-in page with its imports', () => {
    const first = firstScreenJs(fixture());
    expect(first.files).toEqual(['assets/form.js', 'assets/index.js', 'assets/login.js', 'assets/ui.js']);
    expect(first.gzipBytes).toBe(150_000 + 10_000 + 5_000 + 2_000);
    expect(budgetError(first, 200 * 1024)).toBeNull();
  });

  it('fails a first screen that loads the store, the schemas or the query cache, naming the library and its file', () => {
    const clean = fixture();
    expect(firstScreenLibraries(clean, firstScreenJs(clean))).toBeNull();
    // The runtime, loaded lazily, may hold Dexie: it is not on the first screen.
    const lazy = clean.map((c) => (c.file === 'assets/runtime.js' ? { ...c, modules: [...c.modules, '/repo/node_modules/dexie/dist/modern/dexie.mjs'] } : c));
    expect(firstScreenLibraries(lazy, firstScreenJs(lazy))).toBeNull();
    const eager = clean.map((c) => (c.file === 'assets/form.js' ? { ...c, modules: [...c.modules, '/repo/node_modules/zod/v4/classic/schemas.js', '/repo/node_modules/@tanstack/query-core/build/modern/queryClient.js'] } : c));
    expect(firstScreenLibraries(eager, firstScreenJs(eager))).toBe(
      'The first screen loads @tanstack/query-core (assets/form.js), zod (assets/form.js), which /login does not use. Import it from a lazy chunk (docs/architecture.md, "A light first screen").',
    );
  });

  it('fails a first screen over the budget, naming its weight and files', () => {
    const first = firstScreenJs(fixture(190_000));
    expect(first.gzipBytes).toBe(207_000);
    const error = budgetError(first, 200 * 1024);
    expect(error).toContain('202.1 KB gzipped, over the budget of 200.0 KB');
    expect(error).toContain('assets/index.js, assets/login.js');
  });
});
