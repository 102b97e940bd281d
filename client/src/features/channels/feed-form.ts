/**
 * The add-feed form's rules: what the client checks before sending (so an obvious slip is named
 * at once, offline too) and where the server's 400 belongs (the server names the field:
 * "Invalid value for iCalUrl: …"). The server has the last word on the URL (DNS, private hosts).
 * Its texts are in the active language (the `host` catalog, `host.channels.error.*`).
 */
import { t } from '../../i18n';

export type FeedField = 'propertyId' | 'platform' | 'iCalUrl';
export type FeedInput = { propertyId: string; platform: string; iCalUrl: string };
export type FeedErrors = Partial<Record<FeedField | 'form', string>>;

/** Platforms offered in the form (the known booking sources; "direct" is not a feed). */
export const FEED_PLATFORMS = ['airbnb', 'booking.com', 'vrbo', 'expedia', 'google-calendar', 'other'] as const;

/** The URL as the server will read it: webcal:// is https:// (what OTAs print on their pages). */
export function normalizeFeedUrl(text: string): string {
  const trimmed = text.trim();
  return /^webcals?:\/\//i.test(trimmed) ? trimmed.replace(/^webcals?:\/\//i, 'https://') : trimmed;
}

export function validateFeed(input: FeedInput): FeedErrors {
  const errors: FeedErrors = {};
  if (!input.propertyId) errors.propertyId = t('host.channels.error.property');
  const platform = input.platform.trim();
  if (!platform) errors.platform = t('host.channels.error.platform');
  else if (platform.length > 50) errors.platform = t('host.channels.error.maxLength', { max: 50 });
  const url = normalizeFeedUrl(input.iCalUrl);
  if (!url) errors.iCalUrl = t('host.channels.error.url');
  else {
    let parsed: URL | null;
    try {
      parsed = new URL(url);
    } catch {
      parsed = null;
    }
    if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) errors.iCalUrl = t('host.channels.error.urlScheme');
    else if (url.length > 2000) errors.iCalUrl = t('host.channels.error.maxLength', { max: 2000 });
  }
  return errors;
}

const FIELD_NAMES: Record<string, FeedField> = { iCalUrl: 'iCalUrl', platform: 'platform', propertyId: 'propertyId' };

/** The server's refusal of a platform past the plan's OTA integrations: it gets a way to a larger plan. */
export function isPlanLimitText(message: string): boolean {
  return /plan allows \d+ OTA integration/.test(message);
}

/** Places a server error: "Invalid value for <field>: <reason>" goes under that field, anything else above the form. */
export function placeServerError(message: string): FeedErrors {
  const match = /^Invalid value for (\w+): (.+)$/s.exec(message);
  const field = match ? FIELD_NAMES[match[1] ?? ''] : undefined;
  if (match && field) {
    const reason = match[2] ?? message;
    return { [field]: reason.charAt(0).toUpperCase() + reason.slice(1) };
  }
  return { form: message };
}
