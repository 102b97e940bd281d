/** Accept-Language for the server (kept apart from locales.ts, which the sign-in page loads). */
/**
 * The language tags of an Accept-Language header, most preferred first (`q` weights; `*` and
 * malformed entries dropped), e.g. `pt-BR,pt;q=0.9,en;q=0.8` → `['pt-BR', 'pt', 'en']`.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .slice(0, 10)
    .map(({ tag }) => tag);
}
