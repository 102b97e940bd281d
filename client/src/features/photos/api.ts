/**
 * The photo routes of the server (server/src/modules/photos/routes.ts) as the client calls them,
 * with the session's Bearer token: an upload's body is the image itself, and a photo is fetched as
 * bytes and shown from an object URL, so no image URL works without the token.
 */
import { TaskPhotoListSchema, type TaskPhoto } from '../../../../shared/api/photos';
import { ApiError, UNREACHABLE_TEXT, apiRequestAs } from '../../api/http';
import { getToken } from '../../auth/token-storage';
import type { PhotoOwner, QueuedPhoto } from './store';

const SEGMENT = { task: 'tasks', report: 'reports' } as const;

/** The photos of a task or of a problem report. */
function photosPath(owner: PhotoOwner): string {
  return `/api/${SEGMENT[owner.kind]}/${encodeURIComponent(owner.id)}/photos`;
}

function photoPath(owner: PhotoOwner, photoId: string): string {
  return `${photosPath(owner)}/${encodeURIComponent(photoId)}`;
}

async function errorOf(response: Response): Promise<ApiError> {
  let message: string | undefined;
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error.trim()) message = body.error;
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return new ApiError(message ?? `Request failed (${response.status})`, response.status, message);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  const token = getToken();
  if (!token) throw new ApiError('Sign in to upload photos', 401);
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'same-origin', headers: { ...init.headers, Authorization: `Bearer ${token}` } });
  } catch {
    throw new ApiError(UNREACHABLE_TEXT, 0);
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

/** Uploads one kept photo; resolves once the server has it (stored now or before). */
export async function uploadPhoto(photo: QueuedPhoto): Promise<void> {
  const query = new URLSearchParams({ taken_at: photo.takenAt });
  if (photo.itemId) query.set('item', photo.itemId);
  const response = await send(`${photoPath({ kind: photo.kind, id: photo.ownerId }, photo.id)}?${query.toString()}`, { method: 'PUT', headers: { 'Content-Type': photo.type }, body: photo.data });
  // The answer must be read to the end: a cut-off answer means the photo may not be stored.
  try {
    await response.json();
  } catch {
    throw new ApiError(UNREACHABLE_TEXT, 0);
  }
}

/** The owner's photos on the server (metadata); a task's include those of the report it was made for. */
export async function listPhotos(owner: PhotoOwner): Promise<TaskPhoto[]> {
  return (await apiRequestAs(photosPath(owner), TaskPhotoListSchema)).photos;
}

/** One photo's bytes, full size or its thumbnail, read through the owner it was listed with. */
export async function fetchPhoto(owner: PhotoOwner, photoId: string, size: 'full' | 'thumb'): Promise<Blob> {
  const response = await send(`${photoPath(owner, photoId)}?size=${size}`, { method: 'GET' });
  return response.blob();
}
