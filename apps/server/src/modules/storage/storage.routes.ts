import { IMAGE_MAX_BYTES } from '@grove/domain/content/admin';
import { hasImageVariants, IMAGE_BUCKET, parseImageVariant, STORED_NAME_PATTERN } from '@grove/domain/content/image-variants';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ifNoneMatch } from '../../http/etag.ts';
import { HttpError } from '../../http/errors.ts';
import type { ObjectHead } from './object-cache.ts';
import type { StorageService } from './storage.service.ts';

const NAME = new RegExp(`^${STORED_NAME_PATTERN}$`);

/**
 * A stored object (an image or one of its copies): names carry a timestamp and are never reused, so the bytes behind
 * a URL never change. A revalidation is answered without reading the bytes.
 */
async function sendStored(request: FastifyRequest, reply: FastifyReply, head: ObjectHead, bytes: () => Promise<Buffer | null>) {
  reply.header('ETag', head.etag).header('Cache-Control', 'public, max-age=31536000, immutable');
  if (ifNoneMatch(request.headers['if-none-match'], head.etag)) return reply.code(304).send();
  const body = await bytes();
  if (!body) throw new HttpError(404, 'Image not found.');
  return reply.type(head.contentType).send(body);
}

/**
 * The one uploaded file's name and bytes. The multipart parser's own errors (no boundary, a body cut short, a
 * malformed part header) carry no status: they are the client's malformed upload, a 400, not a 500. Its
 * limits (size, number of files) carry a code the error handler knows and pass through. The whole body is
 * read before anything is stored: a second file is only seen (as the files limit) after the first.
 */
async function readUpload(request: FastifyRequest): Promise<{ filename: string; bytes: Buffer }> {
  try {
    let upload: { filename: string; bytes: Buffer } | undefined;
    for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES - 1, files: 1, fields: 5, parts: 6 } })) {
      if (part.type !== 'file') continue;
      if (upload) throw new HttpError(400, 'Send one image at a time.');
      upload = { filename: part.filename, bytes: await part.toBuffer() };
    }
    if (!upload) throw new HttpError(400, 'No file received. Please select an image.');
    return upload;
  } catch (error) {
    if (error instanceof HttpError || (error as { code?: unknown }).code !== undefined) throw error;
    throw new HttpError(400, 'The upload could not be read. Please select the image again.');
  }
}

export function registerStorageRoutes(app: FastifyInstance, service: StorageService, requireAdmin: onRequestAsyncHookHandler): void {
  app.get('/storage/:bucket/:name', async (request, reply) => {
    const { bucket, name } = request.params as { bucket: string; name: string };
    const head = bucket === IMAGE_BUCKET && NAME.test(name) ? await service.head(bucket, name) : null;
    if (!head) throw new HttpError(404, 'Image not found.');
    return sendStored(request, reply, head, () => service.bytes(bucket, name, head));
  });

  // An image's WebP copy of one width (decision 077), for the pages' srcset; immutable like the image.
  app.get('/storage/:bucket/:name/:variant', async (request, reply) => {
    const { bucket, name, variant } = request.params as { bucket: string; name: string; variant: string };
    const width = parseImageVariant(variant);
    const copy = bucket === IMAGE_BUCKET && NAME.test(name) && hasImageVariants(name) && width !== null
      ? await service.variant(bucket, name, width) : null;
    if (!copy) throw new HttpError(404, 'Image not found.');
    return sendStored(request, reply, copy, () => Promise.resolve(copy.bytes));
  });

  app.post('/api/storage/blog_images', { onRequest: requireAdmin }, async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(415, 'Send the image as multipart/form-data.');
    const { filename, bytes } = await readUpload(request);
    return reply.code(201).send(await service.uploadImage(filename, bytes));
  });
}
