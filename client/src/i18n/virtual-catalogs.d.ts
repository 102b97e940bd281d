/** The modules of scripts/vite-i18n.ts: compiled message catalogs. */
declare module 'virtual:i18n-catalogs' {
  import type { Messages } from '@lingui/core';
  export const loaders: Record<string, () => Promise<{ default: Messages }>>;
}
declare module 'virtual:i18n-catalog-start' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
declare module 'virtual:i18n-catalog/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages;
  export default messages;
}
