/**
 * How a host writes properties: fields as requests for useWrite (data/use-write.ts), through the
 * outbox so that they work offline; images through the upload route, which needs a connection
 * because the server stores and resizes them.
 */
import { z } from 'zod';
import { apiRequestAs } from '../../api/http';
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
export function uploadPropertyImage(propertyId: string, file: File): Promise<{ url: string; images: string[] }> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequestAs(`/api/properties/${encodeURIComponent(propertyId)}/images`, UploadAnswer, { body });
}
