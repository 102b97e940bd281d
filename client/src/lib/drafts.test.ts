import { beforeEach, describe, expect, it } from 'vitest';
import { clearDrafts, draftKey, loadDraft, saveDraft } from './drafts';

class MemoryStorage {
  private readonly map = new Map<string, string>();
  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
}

beforeEach(() => {
  const memory = new MemoryStorage();
  // Object.keys(localStorage) lists the stored keys in browsers: the proxy gives the same here.
  const proxied = new Proxy(memory, {
    ownKeys: () => [...Array(memory.length).keys()].map((i) => memory.key(i) as string),
    getOwnPropertyDescriptor: (_target, key) => (typeof key === 'string' && memory.getItem(key) !== null ? { enumerable: true, configurable: true, value: memory.getItem(key) } : undefined),
  });
  Object.defineProperty(globalThis, 'localStorage', { value: proxied, configurable: true });
});

describe('drafts kept on the device', () => {
  it('keeps a typed note per user and task until it is saved or discarded', () => {
    const mine = draftKey('u1', 'task-notes', 't1');
    const theirs = draftKey('u2', 'task-notes', 't1');
    saveDraft(mine, 'Tap in bathroom drips 🚿');
    expect(loadDraft(mine)).toBe('Tap in bathroom drips 🚿');
    expect(loadDraft(theirs)).toBeNull();
    saveDraft(mine, null);
    expect(loadDraft(mine)).toBeNull();
  });

  it('forgets every draft at sign-out, and nothing else', () => {
    saveDraft(draftKey('u1', 'task-notes', 't1'), 'a');
    saveDraft(draftKey('u1', 'task-notes', 't2'), 'b');
    localStorage.setItem('other-app-key', 'kept');
    clearDrafts();
    expect(loadDraft(draftKey('u1', 'task-notes', 't1'))).toBeNull();
    expect(loadDraft(draftKey('u1', 'task-notes', 't2'))).toBeNull();
    expect(localStorage.getItem('other-app-key')).toBe('kept');
  });
});
