/**
 * Property routes beyond the table API: image upload, the served display copies, and a new iCal
 * export token.
 */
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema } from '../../../../shared/api/errors';
import { TABLE_IDS } from '../../../../shared/table-ids';
import { HttpError, NotFound, ValidationFailed } from '../../errors';
import { actorOf } from '../../plugins/auth';
import { MAX_IMAGE_BYTES, SERVED_NAME, UnreadableImage, discardImage, sniffImageType, storeImage, uploadsDir, type StoredImage } from './images';
import { addPropertyImage, propertyToChange, rotateExportToken, type PropertyEnv } from './service';
import { transact } from '../../db/write';
import { attachUploadsCleanup } from './uploads';

const ErrorReply = ErrorReplySchema;
const Params = z.object({ id: z.string().min(1).max(100).describe('Property id') });
const MEGABYTES = MAX_IMAGE_BYTES / (1024 * 1024);

function isTooLarge(err: unknown): boolean {
  return err instanceof Error && (err as Error & { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

export async function propertyRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Registered here, not app-wide: only the upload route takes multipart bodies.
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 11, headerPairs: 100 } });
  const env = (): PropertyEnv => ({ now: app.now(), publicOrigin: app.config.publicOrigin });
  // Property writes on this database remove the files of the images they drop (uploads.ts).
  attachUploadsCleanup(app.db, app.config.dataDir);

  app.post(
    '/api/properties/:id/ical-export-token',
    {
      config: { access: { table: 'update', id: TABLE_IDS.properties } },
      schema: {
        tags: ['properties'],
        summary: "Issue a new iCal export token for a property (the old feed URL stops working)",
        security: [{ bearer: [] }],
        params: Params,
        response: { 200: z.object({ ical_export_url: z.string() }), 401: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request) => rotateExportToken(app.db, actorOf(request), request.params.id, env()),
  );

  app.post(
    '/api/properties/:id/images',
    {
      config: { access: { table: 'update', id: TABLE_IDS.properties } },
      schema: {
        tags: ['properties'],
        summary: 'Upload a property image (multipart/form-data, one file field)',
        description: `JPEG, PNG or WebP, recognised by content; at most ${MEGABYTES} MB. The server keeps the original and serves a display copy (WebP, at most 1600 px on its longer side, without metadata) at the answered \`url\`, which is appended to the property's images.`,
        consumes: ['multipart/form-data'],
        security: [{ bearer: [] }],
        params: Params,
        response: { 201: z.object({ url: z.string(), images: z.array(z.string()) }), 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 413: ErrorReply },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id } = request.params;
      // Scope first: nobody uploads megabytes to learn that the property is not theirs.
      transact(app.db, (tx) => propertyToChange(tx, actor, id));
      if (!request.isMultipart()) throw new ValidationFailed('Invalid value for file: send the image as multipart/form-data');
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file) throw new ValidationFailed('Invalid value for file: required');
        bytes = await file.toBuffer();
      } catch (err) {
        if (isTooLarge(err)) throw new HttpError(413, `Invalid value for file: at most ${MEGABYTES} MB`);
        if (err instanceof ValidationFailed) throw err;
        // A body the multipart parser cannot read (no boundary, cut short) is the request's fault.
        throw new ValidationFailed('Invalid value for file: the multipart body could not be read', { cause: err });
      }
      const type = sniffImageType(bytes);
      if (!type) throw new ValidationFailed('Invalid value for file: must be a JPEG, PNG or WebP image');
      let stored: StoredImage;
      try {
        stored = await storeImage(app.config.dataDir, bytes, type);
      } catch (err) {
        if (err instanceof UnreadableImage) throw new ValidationFailed('Invalid value for file: not a readable image');
        throw err;
      }
      try {
        const result = addPropertyImage(app.db, actor, id, stored.url, env());
        return reply.status(201).send(result);
      } catch (err) {
        await discardImage(stored);
        throw err;
      }
    },
  );

  app.get(
    '/uploads/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['properties'],
        summary: 'A property image display copy (public, cached for a year: names are never reused)',
        params: z.object({ file: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (!SERVED_NAME.test(file)) throw new NotFound(`No image ${file}`);
      const full = path.join(uploadsDir(app.config.dataDir), file);
      let size: number;
      try {
        size = (await fs.promises.stat(full)).size;
      } catch {
        throw new NotFound(`No image ${file}`);
      }
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Length', size)
        .type('image/webp')
        .send(fs.createReadStream(full));
    },
  );
}
