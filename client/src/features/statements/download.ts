/**
 * Downloads of the owner statement (CSV, PDF) from the server, which makes the files: online only.
 * The session's token goes in the header, never the URL.
 */
import { getToken } from '../../auth/token-storage';
import { saveBlob } from '../../lib/save-file';

export type StatementFormat = 'csv' | 'pdf';

export function statementUrl(propertyId: string, month: string, format: StatementFormat, locale?: string): string {
  const query = new URLSearchParams({ month });
  if (locale && format === 'pdf') query.set('locale', locale);
  return `/api/properties/${encodeURIComponent(propertyId)}/owner-statement/${format}?${query.toString()}`;
}

/** Fetches the file and hands it to the browser under the server's file name. */
export async function downloadStatement(url: string, fallbackName: string): Promise<string> {
  const token = getToken();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `The download failed (${res.status}).`);
  }
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveBlob(await res.blob(), fileName);
  return fileName;
}
