/**
 * Photos on the wire (server/src/modules/photos), of a task or of a problem report: the metadata of one photo, and the limits
 * both sides keep. The bytes travel as the request or answer body (image/*), never as JSON.
 */
import { z } from 'zod';

/** The largest upload the server takes, before it re-encodes it (the device sends about 1600 px). */
export const MAX_PHOTO_UPLOAD_BYTES = 15 * 1024 * 1024;
/** The longer side of the stored image and of its thumbnail, in pixels. */
export const PHOTO_MAX_PX = 1600;
export const PHOTO_THUMB_PX = 320;

export const TaskPhotoSchema = z.object({
  id: z.string(),
  task_id: z.string().describe("The task it shows; for a problem report's photo, the maintenance task the report became"),
  report_id: z.string().nullable().describe('The problem report it was sent with, or null for a photo taken on a task'),
  checklist_item_id: z.string().nullable().describe('The checklist item it shows, or null for the task as a whole'),
  staff_id: z.string().nullable().describe('The staff row of the housekeeper who took it (null: the host)'),
  content_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  taken_at: z.string().describe('When the device took it, by its clock'),
  created_at: z.string().describe('When it reached the server'),
});
export type TaskPhoto = z.infer<typeof TaskPhotoSchema>;

export const TaskPhotoListSchema = z.object({ photos: z.array(TaskPhotoSchema) });
export type TaskPhotoList = z.infer<typeof TaskPhotoListSchema>;

export const TaskPhotoUploadReplySchema = z.object({ photo: TaskPhotoSchema, created: z.boolean().describe('False: this id was uploaded before (a retry), nothing was stored again') });
export type TaskPhotoUploadReply = z.infer<typeof TaskPhotoUploadReplySchema>;
