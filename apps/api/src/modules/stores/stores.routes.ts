import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentLanguageQuerySchema,
  storeIdParamsSchema,
  storeInputSchema,
  storeListQuerySchema,
  storeOwnerViewSchema,
  storePublicSchema,
} from '@marketplace/shared';
import { created, errors, filePart, ok, SELLER_ERRORS, SIGNED_IN } from '../../plugins/app/openapi';
import { parseOrThrow } from '../../lib/input-parsing';
import { readMultipart } from '../../plugins/app/request-parsing';
import type { StoresService } from './stores.service';

/** A store form arrives as JSON, or as multipart text fields beside an optional thumbnail. */
async function readStoreForm(request: FastifyRequest) {
  if (!request.isMultipart()) return { input: parseOrThrow(storeInputSchema, request.body) };
  const { fields, files } = await readMultipart(request);
  return {
    input: parseOrThrow(storeInputSchema, fields),
    images: {
      thumbnail: files.find((f) => f.field === 'thumbnail')?.bytes,
      banner: files.find((f) => f.field === 'banner')?.bytes,
    },
  };
}

const storeForm = {
  'application/json': storeInputSchema,
  'multipart/form-data': storeInputSchema.extend({
    thumbnail: filePart('The logo: JPEG, PNG, WebP or GIF; stored as WebP').optional(),
    banner: filePart('The store page banner: JPEG, PNG, WebP or GIF; stored as WebP').optional(),
  }),
};
const storeFormErrors = errors(
  401,
  [409, "'A store with this name already exists.' or one that looks the same"],
  [413, 'More than 24 MB of photos, or a JSON body over 1 MB'],
  [415, 'The thumbnail or banner is not a JPEG, PNG, WebP or GIF image'],
);

const LANG_NOTE =
  "`lang=fr-CA`: the brand's description in French when it wrote one (English otherwise).";

export const storesRoutes: FastifyPluginAsyncZod<{ stores: StoresService }> = async (
  app,
  { stores },
) => {
  app.post(
    '/store',
    {
      schema: {
        summary: "Open the caller's store (one per user)",
        requestBodies: storeForm,
        ...SIGNED_IN,
        responses: { ...created(storeOwnerViewSchema), ...storeFormErrors },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      const { input, images } = await readStoreForm(request);
      return reply.code(201).send(await stores.open(request.currentUser!.userName, input, images));
    },
  );

  app.put(
    '/store',
    {
      schema: {
        summary: "Edit the caller's store",
        requestBodies: storeForm,
        ...SIGNED_IN,
        responses: {
          ...ok(storePublicSchema),
          ...storeFormErrors,
          ...errors([403, "'Open a store first.'"]),
        },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const { input, images } = await readStoreForm(request);
      return stores.update(request.currentUser!, input, images);
    },
  );

  app.get(
    '/store',
    {
      schema: {
        summary: "The caller's own store, with its ship-from and return addresses (owner only)",
        description:
          'The addresses are never in the public answers (/store/public…): only the owner reads them here.',
        ...SIGNED_IN,
        responses: { ...ok(storeOwnerViewSchema), ...SELLER_ERRORS },
      },
      preHandler: app.authenticate,
    },
    (request) => stores.ownerView(request.currentUser!),
  );

  app.get(
    '/store/public',
    {
      schema: {
        summary: 'The stores, of one city or all',
        description: LANG_NOTE,
        querystring: storeListQuerySchema.extend(contentLanguageQuerySchema.shape),
        responses: ok(z.array(storePublicSchema)),
      },
    },
    (request) => stores.listPublic(request.query.city, request.query.lang),
  );

  app.get(
    '/store/public/:storeId',
    {
      schema: {
        summary: 'One store, by its name',
        description: LANG_NOTE,
        params: storeIdParamsSchema,
        querystring: contentLanguageQuerySchema,
        responses: { ...ok(storePublicSchema), ...errors(404) },
      },
    },
    (request) => stores.getPublic(request.params.storeId, request.query.lang),
  );
};
