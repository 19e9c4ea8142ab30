import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogQuerySchema,
  itemIdParamsSchema,
  relatedQuerySchema,
  storeIdParamsSchema,
  storeItemsQuerySchema,
  suggestQuerySchema,
} from '@marketplace/shared';
import { sendShared } from '../../plugins/app/etag';
import { readMultipart } from '../../plugins/app/request-parsing';
import type { ItemsService } from './items.service';

/** Lists stay arrays (spec 7); the whole count travels in X-Total-Count (DESIGN 4). */
const TOTAL_HEADER = 'x-total-count';
/** Past CATALOG_COUNT_CAP matches the count stops: X-Total-Count is then "at least" (decision 016). */
const CAPPED_HEADER = 'x-total-capped';

export const itemsRoutes: FastifyPluginAsyncZod<{ items: ItemsService }> = async (
  app,
  { items },
) => {
  for (const url of ['/item/public', '/item/public/search']) {
    app.get(url, { schema: { querystring: catalogQuerySchema } }, async (request, reply) => {
      const page = await items.search(request.query);
      if (page.capped) reply.header(CAPPED_HEADER, 'true');
      return sendShared(reply.header(TOTAL_HEADER, page.total), page.items);
    });
  }

  app.get(
    '/item/public/facets',
    { schema: { querystring: catalogQuerySchema } },
    async (request, reply) => sendShared(reply, await items.facets(request.query)),
  );

  // The search box's suggestions: public and shared like the other catalog reads.
  app.get(
    '/item/public/suggest',
    { schema: { querystring: suggestQuerySchema } },
    async (request, reply) => sendShared(reply, await items.suggest(request.query)),
  );

  // "YOU MAY ALSO LIKE...": the same answer for everyone who asks about these products.
  app.get(
    '/item/public/related',
    { schema: { querystring: relatedQuerySchema } },
    async (request, reply) => sendShared(reply, await items.related(request.query)),
  );

  // The token is optional: a product saved as not available is shown to its owner only.
  app.get(
    '/item/public/:id',
    { schema: { params: itemIdParamsSchema }, preHandler: app.identify },
    async (request, reply) => {
      const { item, ownerView } = await items.getPublic(
        request.params.id,
        request.currentUser?.userName,
      );
      // The answer depends on who asks: a shared cache must not hand one caller's to another.
      reply.header('vary', 'authorization');
      if (ownerView) return reply.header('cache-control', 'private, no-store').send(item);
      return sendShared(reply, item);
    },
  );

  app.get(
    '/store/public/items/:storeId',
    {
      schema: { params: storeIdParamsSchema, querystring: storeItemsQuerySchema },
      preHandler: app.identify,
    },
    async (request, reply) => {
      const page = await items.storeItems(
        request.params.storeId,
        request.query,
        request.currentUser?.userName,
      );
      return sendShared(reply.header(TOTAL_HEADER, page.total), page.items);
    },
  );

  app.post('/item', { preHandler: app.authenticate }, async (request, reply) =>
    reply
      .code(201)
      .send(await items.create(request.currentUser!.userName, await readMultipart(request))),
  );

  app.put('/item', { preHandler: app.authenticate }, async (request) =>
    items.update(request.currentUser!.userName, await readMultipart(request)),
  );

  app.delete(
    '/item/:id',
    { schema: { params: itemIdParamsSchema }, preHandler: app.authenticate },
    async (request, reply) => {
      await items.remove(request.currentUser!.userName, request.params.id);
      return reply.code(204).send();
    },
  );
};
