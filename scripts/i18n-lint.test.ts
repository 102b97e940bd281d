/** The lint rule of the translated screens (eslint.config.js): a literal a person reads fails, a catalog message passes. */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function literalErrors(code: string, file = 'client/src/features/staff/Probe.tsx'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'i18next/no-literal-string').map((m) => m.message);
}

describe('no user-visible literal in the staff screens and the app frame', () => {
  it('fails on JSX text and on a read attribute (aria-label, placeholder, title)', async () => {
    expect(await literalErrors('export function A() {\n  return <p>Hello</p>;\n}\n')).toHaveLength(1);
    expect(await literalErrors('export function A() {\n  return <button aria-label="Close menu" />;\n}\n', 'client/src/components/layout/Probe.tsx')).toHaveLength(1);
    expect(await literalErrors('export function A() {\n  return <input placeholder="Notes" title="Your notes" />;\n}\n', 'client/src/features/tasks/Probe.tsx')).toHaveLength(2);
  });
  it('passes catalog messages, punctuation and attributes nobody reads', async () => {
    const code = "import { useT } from '../../i18n/use-t';\nexport function A() {\n  const t = useT();\n  return <p className=\"muted\" aria-label={t('task.overdue')}>{t('task.overdue')} ({1})</p>;\n}\n";
    expect(await literalErrors(code)).toEqual([]);
  });
});
