/**
 * The photo routes of the server (server/src/modules/photos/routes.ts) as the client calls them,
 * with the session's Bearer token: an upload's body is the image itself, and a photo is fetched as
 * bytes and shown from an object URL, so no image URL works without the token.
 */
import { TaskPhotoListSchema, type TaskPhoto } from '../../../../shared/api/photos';
import { ApiError, UNREACHABLE_TEXT, apiRequestAs } from '../../api/http';
import { getToken } from '../../auth/token-storage';
import type { QueuedPhoto } from './store';

function photoPath(taskId: string, photoId: string): string {
  return `/api/tasks/${encodeURIComponent(taskId)}/photos/${encodeURIComponent(photoId)}`;
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
  const response = await send(`${photoPath(photo.taskId, photo.id)}?${query.toString()}`, { method: 'PUT', headers: { 'Content-Type': photo.type }, body: photo.data });
  // The answer must be read to the end: a cut-off answer means the photo may not be stored.
  try {
    await response.json();
  } catch {
    throw new ApiError(UNREACHABLE_TEXT, 0);
  }
}

/** The task's photos on the server (metadata). */
export async function listTaskPhotos(taskId: string): Promise<TaskPhoto[]> {
  return (await apiRequestAs(`/api/tasks/${encodeURIComponent(taskId)}/photos`, TaskPhotoListSchema)).photos;
}

/** One photo's bytes, full size or its thumbnail. */
export async function fetchPhoto(taskId: string, photoId: string, size: 'full' | 'thumb'): Promise<Blob> {
  const response = await send(`${photoPath(taskId, photoId)}?size=${size}`, { method: 'GET' });
  return response.blob();
}
