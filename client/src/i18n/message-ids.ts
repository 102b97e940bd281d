/**
 * The ids of the browser's messages, from the English catalogs: a typo in an id is a type error.
 * Type-only imports: no catalog enters a bundle from here.
 */
import type common from '../../../shared/i18n/catalogs/common/en.json';
import type account from '../../../shared/i18n/catalogs/account/en.json';
import type staff from '../../../shared/i18n/catalogs/staff/en.json';
import type host from '../../../shared/i18n/catalogs/host/en.json';
import type admin from '../../../shared/i18n/catalogs/admin/en.json';

export type MessageId = keyof typeof common | keyof typeof account | keyof typeof staff | keyof typeof host | keyof typeof admin;
/** ICU arguments: numbers for plurals, strings, or dates and numbers to format. */
export type MessageValues = Record<string, string | number | Date>;
