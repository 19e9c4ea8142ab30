import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createReviewSchema,
  reviewIdParamsSchema,
  reviewItemParamsSchema,
  updateReviewSchema,
} from '@marketplace/shared';
import type { ReviewsService } from './reviews.service';

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (
  app,
  { reviews },
) => {
  // Public, but a signed-in caller's own review comes marked (identify never refuses).
  app.get(
    '/item-review/item/:itemId',
    { schema: { params: reviewItemParamsSchema }, preHandler: app.identify },
    (request) => reviews.listForItem(request.params.itemId, request.currentUser?.userName),
  );

  app.get(
    '/item-review/item/:itemId/summary',
    { schema: { params: reviewItemParamsSchema } },
    (request) => reviews.summary(request.params.itemId),
  );

  app.post(
    '/item-review',
    { schema: { body: createReviewSchema }, preHandler: app.authenticate },
    async (request, reply) =>
      reply.code(201).send(await reviews.create(request.currentUser!.userName, request.body)),
  );

  app.put(
    '/item-review',
    { schema: { body: updateReviewSchema }, preHandler: app.authenticate },
    (request) => reviews.update(request.currentUser!.userName, request.body),
  );

  app.delete(
    '/item-review/:reviewId',
    { schema: { params: reviewIdParamsSchema }, preHandler: app.authenticate },
    async (request, reply) => {
      await reviews.delete(request.currentUser!.userName, request.params.reviewId);
      return reply.code(204).send();
    },
  );
};
