import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { profileInputSchema, profilePhotoResponseSchema, userProfileSchema } from '@sawari/contracts';
import { BYTES_PER_MB, MAX_UPLOAD_MB } from '@sawari/domain';
import { ApiError } from '../../platform/errors';
import { typed } from '../../platform/schema';
import { authOf, type AuthGuard } from '../auth';
import { tooLarge } from '../files';
import type { ProfileService } from './service';

/** HTTP only: GET/POST/PUT /api/profile and POST /api/files/profile-image (multipart, field `file`). Signed in. */
export async function profileRoutes(fastify: FastifyInstance, opts: { service: ProfileService; guard: AuthGuard }): Promise<void> {
  const { service } = opts;
  const app = typed(fastify);
  app.addHook('onRequest', opts.guard);
  await app.register(multipart);

  app.get('/api/profile', { schema: { response: { 200: userProfileSchema } } }, async (request) => service.get(authOf(request).userId));
  app.post('/api/profile', { bodyLimit: 8192, schema: { body: profileInputSchema, response: { 201: userProfileSchema } } }, async (request, reply) =>
    reply.code(201).send(await service.create(authOf(request).userId, request.body)),
  );
  app.put('/api/profile', { bodyLimit: 8192, schema: { body: profileInputSchema, response: { 200: userProfileSchema } } }, async (request) =>
    service.update(authOf(request).userId, request.body),
  );

  app.post('/api/files/profile-image', { schema: { response: { 200: profilePhotoResponseSchema } } }, async (request) => {
    const data = await readUploadedFile(request);
    return service.setPhoto(authOf(request).userId, data);
  });
}

const MAX_BYTES = MAX_UPLOAD_MB * BYTES_PER_MB;

/** The bytes of the multipart field `file`. Reading stops just past the limit, so an oversized upload is not buffered. */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data in a field named "file".');
  try {
    const part = await request.file({ limits: { fileSize: MAX_BYTES + 1, files: 1, fields: 10, parts: 20 } });
    if (!part || part.fieldname !== 'file') throw new ApiError(400, 'FILE_MISSING', 'Choose a photo to upload (form field "file").');
    return await part.toBuffer();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (typeof code === 'string' && code.startsWith('FST_'))
      throw new ApiError(400, 'BAD_UPLOAD', 'The upload could not be read. Choose the photo again and retry.');
    throw err;
  }
}
