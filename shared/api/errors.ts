/**
 * The one error shape on the wire: every 4xx and 5xx answer of the API is `{ error }`, a sentence
 * for the user (a 5xx says only "Internal Server Error"). Route schemas declare it and the client
 * reads it through this schema, so neither side restates it.
 */
import { z } from 'zod';

export const ErrorReplySchema = z.object({ error: z.string() });
export type ErrorReply = z.infer<typeof ErrorReplySchema>;

export { errorOf } from './error-text';
