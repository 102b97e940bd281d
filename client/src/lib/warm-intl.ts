/**
 * The first Intl date formatter a page makes loads the browser's locale data (ICU): about 12 ms on
 * a fast desktop and several times that on a phone, and the first number formatter about 3 ms
 * more. Made inside a render, it lengthens the task of the first screen that shows a date (every
 * signed-in screen does: "today", overdue, stay dates). Made here in a task of its own while a
 * signed-in start waits for its store and chunks, that screen's render does not carry it; every
 * later formatter, of any zone or language, costs a fraction of a millisecond.
 */
export function warmIntlSoon(locale: string): void {
  setTimeout(() => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' }).format(0);
      new Intl.NumberFormat(locale).format(0);
      new Intl.PluralRules(locale).select(0);
    } catch {
      // A language Intl does not know: the screens' own formatters fall back as they always did.
    }
  }, 0);
}
