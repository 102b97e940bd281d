/**
 * What the benchmark runs inside the pages, as JavaScript source: tsx compiles functions with
 * esbuild's keepNames, which wraps inner functions in a `__name` helper that does not exist in
 * the page, so functions cannot be handed to page.evaluate as they are. Each export builds one
 * expression; arguments are embedded as JSON.
 */

/** Timing entries the app records when localStorage `staykeep:perf` is `1` (client/src/sync/perf.ts). */
export type PerfEntry = { startTime: number; duration: number; detail: unknown };

/** A timestamp comparable across the pages of one browser (ms since the epoch, sub-ms precision). */
const NOW = 'performance.timeOrigin + performance.now()';

/** Marks the submit of the sign-in form (the clock of the initial pull starts there). */
export const markSubmit = `document.addEventListener('submit', () => performance.mark('bench:submit'), { capture: true, once: true })`;

/**
 * Records every state the first-sync progress bar shows (its aria-valuenow, or "indeterminate"),
 * into window.__benchProgress, until the page goes away.
 */
export const watchProgress = `(() => {
  window.__benchProgress = [];
  const seen = window.__benchProgress;
  const look = () => {
    for (const bar of document.querySelectorAll('.first-sync progress, .first-sync [role="progressbar"]')) {
      const value = bar.getAttribute('aria-valuenow');
      const entry = value === null ? 'indeterminate' : Number(value);
      if (seen[seen.length - 1] !== entry) seen.push(entry);
    }
  };
  new MutationObserver(look).observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
})()`;

export const progressSeen = `window.__benchProgress ?? []`;

export function entries(name: string): string {
  return `performance.getEntriesByName(${JSON.stringify(name)}).map((e) => ({ startTime: e.startTime, duration: e.duration, detail: e.detail ?? null }))`;
}

export function entryCount(name: string): string {
  return `performance.getEntriesByName(${JSON.stringify(name)}).length`;
}

/** The start of the first entry of `name` on the epoch clock of NOW, or null. */
export function lastEntryStart(name: string): string {
  return `(() => { const list = performance.getEntriesByName(${JSON.stringify(name)}); const e = list[list.length - 1]; return e ? performance.timeOrigin + e.startTime : null; })()`;
}

export const submitMark = `performance.getEntriesByName('bench:submit')[0]?.startTime ?? null`;

/** The first sync run that pulled from cursor 0 (the initial pull), when it has finished. */
export function firstPullDone(syncEntry: string): string {
  return `performance.getEntriesByName(${JSON.stringify(syncEntry)}).some((e) => e.detail && e.detail.from === 0 && e.detail.received > 0)`;
}

/** Rows in each named table of the offline store. */
export function countRows(tables: readonly string[]): string {
  return `new Promise((resolve, reject) => {
    const open = indexedDB.open('staykeep');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const names = ${JSON.stringify(tables)};
      const tx = db.transaction(names, 'readonly');
      const counts = {};
      for (const name of names) {
        const request = tx.objectStore(name).count();
        request.onsuccess = () => { counts[name] = request.result; };
      }
      tx.oncomplete = () => { db.close(); resolve(counts); };
      tx.onerror = () => { db.close(); reject(tx.error); };
    };
  })`;
}

/**
 * Starts watching the host's read-only checklist: window.__benchSeen resolves with NOW once the
 * item named `text` shows `done` (class checklist__item--done), or rejects after `timeoutMs`.
 * Throws at once when the item is missing or already in that state (the sample would mean nothing).
 */
export function watchChecklistItem(text: string, done: boolean, timeoutMs: number): string {
  return `(() => {
    const text = ${JSON.stringify(text)};
    const done = ${JSON.stringify(done)};
    const find = () => [...document.querySelectorAll('dialog[open] .checklist__item')].find((li) => li.textContent.includes(text));
    const state = () => { const li = find(); return li ? li.classList.contains('checklist__item--done') : null; };
    const first = state();
    if (first === null) throw new Error('checklist item ' + text + ' is not shown');
    if (first === done) throw new Error('checklist item ' + text + ' already shows done=' + done);
    window.__benchSeen = new Promise((resolve, reject) => {
      const timer = setTimeout(() => { observer.disconnect(); reject(new Error('the change did not show within ${timeoutMs} ms')); }, ${timeoutMs});
      const observer = new MutationObserver(() => {
        if (state() !== done) return;
        const at = ${NOW};
        observer.disconnect();
        clearTimeout(timer);
        resolve(at);
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'], characterData: true });
    });
    return true;
  })()`;
}

export const seenAt = `window.__benchSeen`;

/**
 * Clicks the housekeeper's checkbox of the checklist item named `text` from inside the page
 * (HTMLElement.click: the same React handler and write path as a tap, without the browser's input
 * pipeline, whose scheduling after a tap is reported on its own). Throws when the item is missing.
 */
export function clickChecklistItem(text: string): string {
  return `(() => {
    const text = ${JSON.stringify(text)};
    const label = [...document.querySelectorAll('dialog[open] label.checklist__toggle')].find((l) => l.textContent.trim() === text);
    const box = label && label.querySelector('input[type="checkbox"]');
    if (!box) throw new Error('checklist item ' + text + ' is not shown');
    box.click();
    return box.checked;
  })()`;
}

/** One row of a table of the offline store, as stored (undefined when missing). */
export function readRow(table: string, id: string): string {
  return `new Promise((resolve, reject) => {
    const open = indexedDB.open('staykeep');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const request = db.transaction(${JSON.stringify(table)}, 'readonly').objectStore(${JSON.stringify(table)}).get(${JSON.stringify(id)});
      request.onsuccess = () => { db.close(); resolve(request.result); };
      request.onerror = () => { db.close(); reject(request.error); };
    };
  })`;
}
