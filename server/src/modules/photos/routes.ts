/**
 * Photo routes (README.md beside this file), the same three for each owner, a task or a problem
 * report: upload once by the device's id, list the owner's photos, and read one photo's bytes. Only
 * the owner's host and its housekeeper reach them (service.ts); nothing is served at a public URL.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema as ErrorReply } from '../../../../shared/api/errors';
import { MAX_PHOTO_UPLOAD_BYTES, PHOTO_MAX_PX, PHOTO_THUMB_PX, TaskPhotoListSchema, TaskPhotoUploadReplySchema } from '../../../../shared/api/photos';
import { HttpError, NotFound, ValidationFailed } from '../../errors';
import { actorOf } from '../../plugins/auth';
import { transact } from '../../db/write';
import { UnreadableImage } from '../properties/images';
import { processPhoto, type ProcessedPhoto } from './images';
import { listPhotos, photoBytes, reachOwner, storePhoto, type PhotoOwnerKind } from './service';

const MEGABYTES = MAX_PHOTO_UPLOAD_BYTES / (1024 * 1024);
const id = z.string().min(1).max(100);
const photoId = z.string().uuid().describe("The photo's id, a UUID made by the device");
const TaskUploadQuery = z.strictObject({
  item: id.optional().describe('The checklist item the photo shows (none: the task as a whole)'),
  taken_at: z.string().datetime({ offset: true }).optional().describe('When the device took it (ISO 8601)'),
});
const ReportUploadQuery = TaskUploadQuery.omit({ item: true });
const ReadQuery = z.strictObject({ size: z.enum(['full', 'thumb']).default('full').describe(`full: at most ${PHOTO_MAX_PX} px; thumb: at most ${PHOTO_THUMB_PX} px`) });

/** The two owners of photos, as their routes name them. */
const OWNERS: Record<PhotoOwnerKind, { segment: string; param: string; noun: string; who: string; query: typeof TaskUploadQuery | typeof ReportUploadQuery }> = {
  task: { segment: 'tasks', param: 'taskId', noun: 'a task or of one of its checklist items', who: "The task's host and its housekeeper only.", query: TaskUploadQuery },
  report: {
    segment: 'reports',
    param: 'reportId',
    noun: 'a problem report (also shown on its maintenance task)',
    who: "The report's host and the housekeeper who reported it only (the host and an assigned housekeeper also reach them on the report's maintenance task).",
    query: ReportUploadQuery,
  },
};

function tooLarge(): HttpError {
  return new HttpError(413, `Invalid value for body: a photo may be at most ${MEGABYTES} MB`);
}

/** The image in an upload's body, re-encoded (400 when it is none). */
async function processed(body: unknown): Promise<ProcessedPhoto> {
  if (!Buffer.isBuffer(body) || body.length === 0) throw new ValidationFailed('Invalid value for body: send the image bytes (JPEG, PNG or WebP)');
  if (body.length > MAX_PHOTO_UPLOAD_BYTES) throw tooLarge();
  let photo: ProcessedPhoto | undefined;
  try {
    photo = await processPhoto(body);
  } catch (err) {
    if (err instanceof UnreadableImage) throw new ValidationFailed('Invalid value for body: not a readable image');
    throw err;
  }
  if (!photo) throw new ValidationFailed('Invalid value for body: must be a JPEG, PNG or WebP image');
  return photo;
}

export async function photoRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Only these routes take raw bodies (this plugin is encapsulated): whatever the declared type,
  // the bytes are read as they are, up to the cap, and recognised by content.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_PHOTO_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
  app.addContentTypeParser(['image/jpeg', 'image/png', 'image/webp'], { parseAs: 'buffer', bodyLimit: MAX_PHOTO_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
  for (const kind of Object.keys(OWNERS) as PhotoOwnerKind[]) ownerRoutes(app, kind);
}

function ownerRoutes(fastify: FastifyInstance, kind: PhotoOwnerKind): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { segment, param, noun, who, query } = OWNERS[kind];
  const ownerId = id.describe(kind === 'task' ? 'Task id' : 'Problem report id');
  const OwnerParams = z.object({ [param]: ownerId });
  const PhotoParams = z.object({ [param]: ownerId, photoId });
  const base = `/api/${segment}/:${param}/photos`;
  const ownerOf = (params: Record<string, string | undefined>) => ({ kind, id: params[param] ?? '' });

  app.put(
    `${base}/:photoId`,
    {
      config: { access: { operation: 'photos.task' } },
      bodyLimit: MAX_PHOTO_UPLOAD_BYTES,
      // The owner is checked before the body is read: nobody sends megabytes to learn it is not theirs.
      preParsing: async (request) => {
        const params = OwnerParams.safeParse(request.params);
        if (params.success) transact(app.db, (tx) => reachOwner(tx, actorOf(request), ownerOf(params.data), 'write'));
      },
      errorHandler: (error: FastifyError, _request, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ error: tooLarge().message });
        throw error;
      },
      schema: {
        tags: ['photos'],
        summary: `Upload a photo of ${noun} (the body is the image: JPEG, PNG or WebP)`,
        description:
          `At most ${MEGABYTES} MB, recognised by content. The server keeps a re-encoded copy (WebP, upright, at most ${PHOTO_MAX_PX} px, ` +
          'without any metadata such as the GPS position) and a thumbnail, never the bytes as sent. Sending the same photo id again ' +
          `stores nothing and answers the stored photo with \`created: false\` (the first answer was lost). ${who}`,
        consumes: ['image/jpeg', 'image/png', 'image/webp'],
        security: [{ bearer: [] }],
        params: PhotoParams,
        querystring: query,
        response: { 200: TaskPhotoUploadReplySchema, 201: TaskPhotoUploadReplySchema, 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply, 413: ErrorReply },
      },
    },
    async (request, reply) => {
      const photo = await processed(request.body);
      const q: { item?: string; taken_at?: string } = request.query;
      const upload = { id: String(request.params.photoId), owner: ownerOf(request.params), itemId: q.item ?? null, takenAt: q.taken_at ? new Date(q.taken_at).toISOString() : null };
      const result = transact(app.db, (tx) => storePhoto(tx, actorOf(request), upload, photo, app.now()), 'immediate');
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.get(
    base,
    {
      config: { access: { operation: 'photos.task' } },
      schema: {
        tags: ['photos'],
        summary: `The photos of ${noun}, oldest first (metadata; the bytes at each photo's own route)`,
        description: who,
        security: [{ bearer: [] }],
        params: OwnerParams,
        response: { 200: TaskPhotoListSchema, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const photos = transact(app.db, (tx) => listPhotos(tx, actorOf(request), ownerOf(request.params)));
      return reply.header('cache-control', 'no-store').send({ photos });
    },
  );

  app.get(
    `${base}/:photoId`,
    {
      config: { access: { operation: 'photos.task' } },
      schema: {
        tags: ['photos'],
        summary: `One photo of ${noun} (image/webp), full size or its thumbnail`,
        description: `Sent with the Bearer token and \`Cache-Control: private, no-store\`: a shared or later cache never holds it. ${who}`,
        security: [{ bearer: [] }],
        params: PhotoParams,
        querystring: ReadQuery,
        response: { 200: z.any().describe('image/webp'), 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const photoIdValue = String(request.params.photoId);
      const bytes = transact(app.db, (tx) => photoBytes(tx, actorOf(request), ownerOf(request.params), photoIdValue, request.query.size));
      if (!bytes) throw new NotFound(`No photo with ID ${photoIdValue} on this ${kind === 'task' ? 'task' : 'problem report'}`);
      return reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').type('image/webp').send(bytes);
    },
  );
}
