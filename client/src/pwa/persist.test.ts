import { describe, expect, it, vi } from 'vitest';
import { askPersistentStorage, formatBytes, readStorageState } from './persist';

describe('askPersistentStorage', () => {
  it('asks only while the data is not persistent', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    expect(await askPersistentStorage({ persisted: () => Promise.resolve(true), persist })).toBe(true);
    expect(persist).not.toHaveBeenCalled();
    expect(await askPersistentStorage({ persisted: () => Promise.resolve(false), persist })).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('answers the refusal, and null without the API or when it throws', async () => {
    expect(await askPersistentStorage({ persisted: () => Promise.resolve(false), persist: () => Promise.resolve(false) })).toBe(false);
    expect(await askPersistentStorage(undefined)).toBeNull();
    expect(await askPersistentStorage({ persist: () => Promise.reject(new Error('no')) })).toBeNull();
  });
});

describe('readStorageState', () => {
  it('reads usage, quota and persistence, null where the browser says nothing', async () => {
    expect(await readStorageState({ estimate: () => Promise.resolve({ usage: 10, quota: 100 }), persisted: () => Promise.resolve(false) })).toEqual({ usage: 10, quota: 100, persisted: false });
    expect(await readStorageState({})).toEqual({ usage: null, quota: null, persisted: null });
  });
});

describe('formatBytes', () => {
  it('uses the largest fitting unit', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3.4 * 1024 * 1024)).toBe('3.4 MB');
    expect(formatBytes(250 * 1024 * 1024 * 1024)).toBe('250 GB');
  });
});
