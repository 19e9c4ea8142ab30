import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReviewSchema,
  reviewIdParamsSchema,
  reviewItemParamsSchema,
  reviewReportSchema,
  reviewSchema,
  reviewSummarySchema,
  updateReviewSchema,
} from '@marketplace/shared';
import { created, errors, noContent, ok, SIGNED_IN } from '../../plugins/app/openapi';
import type { ReviewsService } from './reviews.service';

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (
  app,
  { reviews },
) => {
  // Public, but a signed-in caller's own review comes marked (identify never refuses).
  app.get(
    '/item-review/item/:itemId',
    {
      schema: {
        summary: "A product's reviews, newest first (the caller's own marked `mine`)",
        params: reviewItemParamsSchema,
        responses: { ...ok(z.array(reviewSchema)), ...errors(404) },
      },
      preHandler: app.identify,
    },
    (request) => reviews.listForItem(request.params.itemId, request.currentUser?.userName),
  );

  app.get(
    '/item-review/item/:itemId/summary',
    {
      schema: {
        summary: "A product's review count, average rating and fit",
        params: reviewItemParamsSchema,
        responses: { ...ok(reviewSummarySchema), ...errors(404) },
      },
    },
    (request) => reviews.summary(request.params.itemId),
  );

  app.post(
    '/item-review',
    {
      schema: {
        summary: 'Review a product (one review per user and product)',
        body: createReviewSchema,
        ...SIGNED_IN,
        responses: {
          ...created(reviewSchema),
          ...errors(401, 404, [409, 'The caller has already reviewed this product']),
        },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) =>
      reply.code(201).send(await reviews.create(request.currentUser!.userName, request.body)),
  );

  app.put(
    '/item-review',
    {
      schema: {
        summary: "Edit the caller's review",
        body: updateReviewSchema,
        ...SIGNED_IN,
        responses: { ...ok(reviewSchema), ...errors(401, [403, 'Not your review'], 404) },
      },
      preHandler: app.authenticate,
    },
    (request) => reviews.update(request.currentUser!.userName, request.body),
  );

  app.delete(
    '/item-review/:reviewId',
    {
      schema: {
        summary: "Delete the caller's review",
        params: reviewIdParamsSchema,
        ...SIGNED_IN,
        responses: { ...noContent('Deleted'), ...errors(401, [403, 'Not your review'], 404) },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      await reviews.delete(request.currentUser!.userName, request.params.reviewId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/item-review/:reviewId/report',
    {
      schema: {
        summary: 'Report a review to the operators, with a reason (once per user and review)',
        params: reviewIdParamsSchema,
        body: reviewReportSchema,
        ...SIGNED_IN,
        responses: {
          ...noContent('Reported'),
          ...errors(400, 401, [403, "'You cannot report your own review.'"], 404, [
            409,
            "'You have already reported this review.'",
          ]),
        },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      await reviews.report(
        request.currentUser!.userName,
        request.params.reviewId,
        request.body.reason,
      );
      return reply.code(204).send();
    },
  );
};
