/**
 * How a host writes properties: fields through the outbox (offline too), images through the
 * upload route, which is online-only (decisions.md) because the server stores and resizes them.
 */
import { z } from 'zod';
import { ApiError } from '../../api/http';
import { getToken } from '../../auth/token-storage';
import { SYNCED_TABLES } from '../../db/schema';
import type { Fields, WriteRequest } from '../../sync/mutate';

const PROPERTIES = SYNCED_TABLES.properties;

export function createProperty(fields: Fields, rowId?: string): WriteRequest {
  return { table: PROPERTIES, op: 'create', rowId, fields };
}

export function updateProperty(id: string, fields: Fields): WriteRequest {
  return { table: PROPERTIES, op: 'update', rowId: id, fields };
}

/** Archived properties keep their bookings and finances but leave lists and the tier count. */
export function archiveProperty(id: string): WriteRequest {
  return { table: PROPERTIES, op: 'update', rowId: id, fields: { status: 'archived' } };
}

export function restoreProperty(id: string): WriteRequest {
  return { table: PROPERTIES, op: 'update', rowId: id, fields: { status: 'active' } };
}

/** Sets the gallery's order or drops an image (the first image is the cover). */
export function setImages(id: string, images: string[]): WriteRequest {
  return { table: PROPERTIES, op: 'update', rowId: id, fields: { images } };
}

const UploadAnswer = z.object({ url: z.string(), images: z.array(z.string()) });

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Uploads one image (POST /api/properties/:id/images, multipart); answers the new gallery. */
export async function uploadPropertyImage(propertyId: string, file: File): Promise<{ url: string; images: string[] }> {
  const body = new FormData();
  body.append('file', file, file.name);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/properties/${encodeURIComponent(propertyId)}/images`, { method: 'POST', body, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError('The server could not be reached. Image upload needs a connection.', 0);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = typeof payload === 'object' && payload !== null && 'error' in payload && typeof payload.error === 'string' ? payload.error : `Upload failed (${response.status})`;
    throw new ApiError(message, response.status, message);
  }
  const parsed = UploadAnswer.safeParse(payload);
  if (!parsed.success) throw new ApiError('Unexpected answer from the image upload', 500);
  return parsed.data;
}
