/**
 * The server's `{ error }` text in an answer body (the shape of `ErrorReplySchema` in
 * shared/api/errors.ts), read without zod: the client's request helper runs on the first screen,
 * which loads no zod (README, "Budgets").
 */
export function errorOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  return typeof body.error === 'string' ? body.error : undefined;
}
