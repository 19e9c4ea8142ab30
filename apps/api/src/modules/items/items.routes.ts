import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  catalogFacetsSchema,
  catalogQuerySchema,
  cityCountsSchema,
  contentLanguageQuerySchema,
  itemDetailSchema,
  itemInputSchema,
  itemSummarySchema,
  itemUpdateSchema,
  suggestionSchema,
  itemIdParamsSchema,
  relatedQuerySchema,
  storeIdParamsSchema,
  storeItemsQuerySchema,
  suggestQuerySchema,
} from '@marketplace/shared';
import { sendShared } from '../../plugins/app/etag';
import {
  created,
  errors,
  filePart,
  noContent,
  ok,
  SIGNED_IN,
  TOTAL_COUNT_HEADER,
} from '../../plugins/app/openapi';
import { readMultipart } from '../../plugins/app/request-parsing';
import type { ItemsService } from './items.service';

/** Lists stay arrays (spec 7); the whole count travels in X-Total-Count (DESIGN 4). */
const TOTAL_HEADER = 'x-total-count';
const itemList = ok(z.array(itemSummarySchema), 'A page of products', TOTAL_COUNT_HEADER);
const ETAG_NOTE = ' Public answers carry an ETag; send If-None-Match for a 304.';
const LANG_NOTE =
  " `lang=fr-CA`: the brands' texts in French where they wrote them (English otherwise).";
/** The brands' texts in the answer: English, or French with `lang=fr-CA` (decision 030). */
const lang = contentLanguageQuerySchema.shape;

/** A product form: `itemDto` is a JSON part (text or application/json file), images are files. */
const itemForm = (itemDto: z.ZodType) => ({
  'multipart/form-data': z.object({
    itemDto: itemDto.describe('The product, as JSON (a text field or an application/json part)'),
    thumbnail: filePart('The card image: JPEG, PNG, WebP or GIF').optional(),
    images: z.array(filePart('A gallery image')).optional(),
  }),
});
const itemFormErrors = errors(
  401,
  [403, "'Open a store first.' or not your product"],
  [413, 'More than 24 MB of photos'],
  [415, 'An image is not a JPEG, PNG, WebP or GIF'],
  [503, 'Too many photos are being converted right now: try again after `Retry-After` seconds'],
);

export const itemsRoutes: FastifyPluginAsyncZod<{ items: ItemsService }> = async (
  app,
  { items },
) => {
  for (const url of ['/item/public', '/item/public/search']) {
    app.get(
      url,
      {
        schema: {
          summary:
            url === '/item/public'
              ? 'The catalog (spec 7), with the same filters as search'
              : 'Search: keyword (whole words) and filters, sorted, a page at a time',
          description: ETAG_NOTE + LANG_NOTE,
          querystring: catalogQuerySchema.safeExtend(lang),
          responses: itemList,
        },
      },
      async (request, reply) => {
        const { lang: locale, ...query } = request.query;
        const page = await items.search(query, locale);
        return sendShared(reply.header(TOTAL_HEADER, page.total), page.items);
      },
    );
  }

  app.get(
    '/item/public/facets',
    {
      schema: {
        summary: 'The filter values present in these results, with counts',
        description: ETAG_NOTE,
        querystring: catalogQuerySchema,
        responses: ok(catalogFacetsSchema),
      },
    },
    async (request, reply) => sendShared(reply, await items.facets(request.query)),
  );

  app.get(
    '/item/public/city-counts',
    {
      schema: {
        summary: "How many products match these filters in each city (the query's city aside)",
        description:
          'Cities with none are left out; most first. An empty list in one city offers the others.' +
          ETAG_NOTE,
        querystring: catalogQuerySchema,
        responses: ok(cityCountsSchema),
      },
    },
    async (request, reply) => sendShared(reply, await items.cityCounts(request.query)),
  );

  // The search box's suggestions: public and shared like the other catalog reads.
  app.get(
    '/item/public/suggest',
    {
      schema: {
        summary: "The search box's suggestions: products, brands and categories",
        description: ETAG_NOTE + LANG_NOTE,
        querystring: suggestQuerySchema.extend(lang),
        responses: ok(z.array(suggestionSchema)),
      },
    },
    async (request, reply) => {
      const { lang: locale, ...query } = request.query;
      return sendShared(reply, await items.suggest(query, locale));
    },
  );

  // "YOU MAY ALSO LIKE...": the same answer for everyone who asks about these products.
  app.get(
    '/item/public/related',
    {
      schema: {
        summary: '"You may also like": products related to these',
        description: ETAG_NOTE + LANG_NOTE,
        querystring: relatedQuerySchema.extend(lang),
        responses: ok(z.array(itemSummarySchema)),
      },
    },
    async (request, reply) => {
      const { lang: locale, ...query } = request.query;
      return sendShared(reply, await items.related(query, locale));
    },
  );

  // The token is optional: a product saved as not available is shown to its owner only.
  app.get(
    '/item/public/:id',
    {
      schema: {
        summary: 'A product in full (an unlisted one for its owner only)',
        description: ETAG_NOTE + LANG_NOTE,
        params: itemIdParamsSchema,
        querystring: contentLanguageQuerySchema,
        responses: { ...ok(itemDetailSchema), ...errors(404) },
      },
      preHandler: app.identify,
    },
    async (request, reply) => {
      const { item, ownerView } = await items.getPublic(
        request.params.id,
        request.currentUser?.userName,
        request.query.lang,
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
      schema: {
        summary: "A store's products (its owner also sees the unlisted ones)",
        description: ETAG_NOTE + LANG_NOTE,
        params: storeIdParamsSchema,
        querystring: storeItemsQuerySchema.extend(lang),
        responses: {
          ...ok(
            z.array(z.union([itemSummarySchema, itemDetailSchema])),
            "A page of products: in full (ItemDetail) for the store's owner, as cards for everyone else",
            TOTAL_COUNT_HEADER,
          ),
          ...errors(404),
        },
      },
      preHandler: app.identify,
    },
    async (request, reply) => {
      const { lang: locale, ...query } = request.query;
      const page = await items.storeItems(
        request.params.storeId,
        query,
        request.currentUser?.userName,
        locale,
      );
      return sendShared(reply.header(TOTAL_HEADER, page.total), page.items);
    },
  );

  app.post(
    '/item',
    {
      schema: {
        summary: "Add a product to the caller's store",
        requestBodies: itemForm(itemInputSchema),
        ...SIGNED_IN,
        responses: { ...created(itemDetailSchema), ...itemFormErrors },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) =>
      reply.code(201).send(await items.create(request.currentUser!, await readMultipart(request))),
  );

  app.put(
    '/item',
    {
      schema: {
        summary: "Edit one of the caller's products",
        requestBodies: itemForm(itemUpdateSchema),
        ...SIGNED_IN,
        responses: { ...ok(itemDetailSchema), ...itemFormErrors, ...errors(404) },
      },
      preHandler: app.authenticate,
    },
    async (request) => items.update(request.currentUser!, await readMultipart(request)),
  );

  app.delete(
    '/item/:id',
    {
      schema: {
        summary: "Delete one of the caller's products",
        params: itemIdParamsSchema,
        ...SIGNED_IN,
        responses: { ...noContent('Deleted'), ...errors(401, 403, 404) },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      await items.remove(request.currentUser!, request.params.id);
      return reply.code(204).send();
    },
  );
};
