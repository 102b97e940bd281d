import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespace } from '../../i18n';
import { cleanCode, recoveryCodesText } from './recovery-codes';

// The texts are in the `account` catalog, which the areas load.
beforeAll(() => loadNamespace('account'));

describe('recovery codes file', () => {
  it('names the account and the day, then one code a line', () => {
    const text = recoveryCodesText(['abcde-fghjk', 'mnpqr-stuvw'], 'ada@example.com', new Date('2031-06-01T09:00:00Z'));
    const lines = text.split('\n');
    expect(lines).toContain('Account: ada@example.com');
    expect(lines).toContain('Made: 2031-06-01');
    expect(lines.slice(-3)).toEqual(['abcde-fghjk', 'mnpqr-stuvw', '']);
  });

  it('drops the spaces an authenticator app shows inside a code', () => {
    expect(cleanCode(' 123 456 ')).toBe('123456');
  });
});
