import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { exportedNames, stubModule } from './vite-zod-trim';

const require = createRequire(import.meta.url);
const zodV4 = path.join(path.dirname(require.resolve('zod/package.json')), 'v4');
const read = (file: string) => fs.readFileSync(path.join(zodV4, file), 'utf8');

describe("the client build's zod without JSON Schema", () => {
  it('stubs every processor and factory that zod classic uses', () => {
    const schemas = read('classic/schemas.js');
    const processors = exportedNames(read('core/json-schema-processors.js'));
    const used = [...new Set([...schemas.matchAll(/(?<![\w-])processors\.([A-Za-z_$][\w$]*)/g)].map((m) => m[1] ?? ''))];
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((name) => !processors.includes(name))).toEqual([]);
    const factories = exportedNames(read('core/to-json-schema.js'));
    expect(factories).toEqual(expect.arrayContaining(['createStandardJSONSchemaMethod', 'createToJSONSchemaMethod']));
  });

  it('reads plain and renamed exports', () => {
    expect(exportedNames('export function a() {}\nexport const b = 1;\nexport { c as d, e };\n')).toEqual(['a', 'b', 'd', 'e']);
  });

  it('makes factories whose product throws, so that reading `~standard` still works', async () => {
    const source = stubModule(['createToJSONSchemaMethod']);
    const stub = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { createToJSONSchemaMethod: (...args: unknown[]) => () => unknown };
    const method = stub.createToJSONSchemaMethod({}, 'input');
    expect(() => method()).toThrow(/not part of the client build/);
  });
});
