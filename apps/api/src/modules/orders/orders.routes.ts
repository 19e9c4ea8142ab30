import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentLanguageQuerySchema, orderViewSchema } from '@marketplace/shared';
import { errors, ok, SIGNED_IN } from '../../plugins/app/openapi';
import type { OrdersService } from './orders.service';

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (
  app,
  { orders },
) => {
  app.get(
    '/orders/history',
    {
      schema: {
        summary: "The caller's orders, newest first",
        description:
          "`lang=fr-CA`: each line's product name in French as it was bought, where written.",
        querystring: contentLanguageQuerySchema,
        ...SIGNED_IN,
        responses: { ...ok(z.array(orderViewSchema)), ...errors(401) },
      },
      preHandler: app.authenticate,
    },
    (request) => orders.history(request.currentUser!, request.query.lang),
  );
};
