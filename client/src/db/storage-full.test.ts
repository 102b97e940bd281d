import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { isStorageFull, storageFullText } from './storage-full';
import { writeFailureText } from '../sync/mutate';

describe('isStorageFull', () => {
  it('finds a QuotaExceededError however Dexie wrapped it', () => {
    const cause = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(isStorageFull(cause)).toBe(true);
    expect(isStorageFull(new Dexie.AbortError('Transaction aborted', cause))).toBe(true);
    expect(isStorageFull(new Dexie.QuotaExceededError('full'))).toBe(true);
    expect(isStorageFull(new Error('QuotaExceededError'))).toBe(false);
    expect(isStorageFull(null)).toBe(false);
  });

  it('gives the cause and the remedy in a failed write’s text', () => {
    const text = writeFailureText(new DOMException('full', 'QuotaExceededError'), 'This booking');
    expect(text).toBe(storageFullText('This booking'));
    expect(text).toContain("this device's storage is full");
    expect(text).toContain('Free some space');
  });
});
