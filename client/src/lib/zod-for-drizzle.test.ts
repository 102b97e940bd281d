import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { z } from './zod-for-drizzle';

/** Every `z.name` and `z$1.name` that drizzle-zod's ES module calls. */
function buildersCalled(source: string): string[] {
  return [...new Set([...source.matchAll(/\bz(?:\$1)?\.([A-Za-z_]+)/g)].map((match) => match[1]))].sort();
}

describe('the zod drizzle-zod gets in the client build', () => {
  it('holds every builder drizzle-zod calls', () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve('drizzle-zod').replace(/index\.c?js$/, 'index.mjs');
    const called = buildersCalled(fs.readFileSync(file, 'utf8'));
    expect(called.length).toBeGreaterThan(10);
    expect(called.filter((name) => !(name in z))).toEqual([]);
  });

  it('builds schemas that parse like zod', () => {
    expect(z.object({ id: z.uuid(), n: z.coerce.number() }).parse({ id: '0190b0b4-8f2e-7c1a-9d3e-1a2b3c4d5e6f', n: '3' })).toEqual({ id: '0190b0b4-8f2e-7c1a-9d3e-1a2b3c4d5e6f', n: 3 });
  });
});
