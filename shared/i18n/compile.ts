/** Compiles catalogs with Lingui's compiler (Node: the build, the server, the tests; never the browser). */
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

export type RawCatalog = Readonly<Record<string, string>>;
export type CompiledCatalog = Record<string, CompiledMessage>;

/** Compiles every message of a catalog; a message that is not valid ICU throws, naming its id. */
export function compileCatalog(raw: RawCatalog): CompiledCatalog {
  const compiled: CompiledCatalog = {};
  for (const [id, message] of Object.entries(raw)) {
    try {
      compiled[id] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`Message "${id}" is not valid ICU MessageFormat: ${(error as Error).message}`, { cause: error });
    }
  }
  return compiled;
}
