/**
 * Typed errors with one wire shape, `{ error }` (docs/decisions.md, Errors on the wire). Services
 * throw these; the error handler plugin turns them into status codes. The product's fixed error
 * texts are in shared/messages.ts.
 */
import type { z } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class ValidationFailed extends HttpError {
  constructor(message: string, options?: ErrorOptions) {
    super(400, message, options);
  }
}
export class Unauthorized extends HttpError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}
export class NotFound extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
/** 429; `retryAfterSeconds`, when given, is sent as the Retry-After header (plugins/errors.ts). */
export class TooManyRequests extends HttpError {
  constructor(
    message = 'Too many requests, please try again later',
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}

/** The first zod issue as "Invalid value for <field>: <reason>", or "Unknown field: <key>". */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  // Inside an object field (translations.en), the unknown key is named with its path.
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.map((key) => [...issue.path.map(String), key].join('.')).join(', ')}`;
  const field = issue.path.map(String).join('.');
  if (!field) return `Invalid request: ${issue.message}`;
  return `Invalid value for ${field}: ${issue.message}`;
}

/** Parses with a zod schema or throws ValidationFailed naming the field. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationFailed(describeZodError(result.error));
  return result.data;
}
