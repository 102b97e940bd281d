/**
 * The message catalogs: one JSON file per namespace and locale under shared/i18n/catalogs, each a
 * flat object of message id to an ICU MessageFormat text (plurals, selects, arguments), compiled
 * by Lingui's compiler before use: at build time for the client (scripts/vite-i18n.ts), at start
 * for the server (server/src/i18n.ts).
 *
 * Namespaces, so that each screen loads only what it shows: `common` (sign-in, the app's frame,
 * the sync pill, errors, notifications: in the entry), `account` (the profile and two-step
 * sign-in of every role, password reset, invitations, registration and setup: with any area, with
 * those public pages, and with the sign-in's second step), `staff`, `host` and `admin` (with their
 * area), `server` (push notifications and e-mails, never sent to the browser).
 */
import { LOCALES, SOURCE_LOCALE, type Locale } from './locales';

export const NAMESPACES = ['common', 'account', 'staff', 'host', 'admin', 'server'] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** The namespaces a browser loads (the server's stay on the server). */
export const CLIENT_NAMESPACES = ['common', 'account', 'staff', 'host', 'admin'] as const satisfies readonly Namespace[];
export type ClientNamespace = (typeof CLIENT_NAMESPACES)[number];

/**
 * The languages each namespace is written in. Host and admin screens speak English for now: their
 * texts are in catalogs all the same, so that translating them is only a catalog file (add it,
 * and its locale here). A namespace missing in a language is shown in English.
 */
export const NAMESPACE_LOCALES: Readonly<Record<Namespace, readonly Locale[]>> = {
  common: LOCALES,
  account: LOCALES,
  staff: LOCALES,
  server: LOCALES,
  host: [SOURCE_LOCALE],
  admin: [SOURCE_LOCALE],
};

/** The locale whose catalog of `namespace` a reader of `locale` gets. */
export function catalogLocale(namespace: Namespace, locale: Locale): Locale {
  return NAMESPACE_LOCALES[namespace].includes(locale) ? locale : SOURCE_LOCALE;
}
