import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeIdParamsSchema, storeInputSchema, storeListQuerySchema } from '@marketplace/shared';
import { parseOrThrow, readMultipart } from '../../plugins/app/request-parsing';
import type { StoresService } from './stores.service';

/** A store form arrives as JSON, or as multipart text fields beside an optional thumbnail. */
async function readStoreForm(request: FastifyRequest) {
  if (!request.isMultipart()) return { input: parseOrThrow(storeInputSchema, request.body) };
  const { fields, files } = await readMultipart(request);
  return {
    input: parseOrThrow(storeInputSchema, fields),
    thumbnail: files.find((f) => f.field === 'thumbnail')?.bytes,
  };
}

export const storesRoutes: FastifyPluginAsyncZod<{ stores: StoresService }> = async (
  app,
  { stores },
) => {
  app.post('/store', { preHandler: app.authenticate }, async (request, reply) => {
    const { input, thumbnail } = await readStoreForm(request);
    return reply.code(201).send(await stores.open(request.currentUser!.userName, input, thumbnail));
  });

  app.put('/store', { preHandler: app.authenticate }, async (request) => {
    const { input, thumbnail } = await readStoreForm(request);
    return stores.update(request.currentUser!.userName, input, thumbnail);
  });

  app.get('/store/public', { schema: { querystring: storeListQuerySchema } }, (request) =>
    stores.listPublic(request.query.city),
  );

  app.get('/store/public/:storeId', { schema: { params: storeIdParamsSchema } }, (request) =>
    stores.getPublic(request.params.storeId),
  );
};
