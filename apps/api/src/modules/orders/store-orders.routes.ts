import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderItemDecisionSchema,
  shipStoreOrderSchema,
  storeOrderIdParamsSchema,
  storeOrdersQuerySchema,
} from '@marketplace/shared';
import type { StoreOrdersService } from './store-orders.service';

/** The seller's order handling (spec 7 "/store/orders", issue 6): the store's owner only. */
export const storeOrdersRoutes: FastifyPluginAsyncZod<{ storeOrders: StoreOrdersService }> = async (
  app,
  { storeOrders },
) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/store/orders',
    { schema: { querystring: storeOrdersQuerySchema } },
    async (request, reply) => {
      const { page, pageSize } = request.query;
      const { orders, total } = await storeOrders.list(
        request.currentUser!.userName,
        page,
        pageSize,
      );
      return reply.header('X-Total-Count', total).send(orders);
    },
  );

  app.post('/store/orders/accept', { schema: { body: orderItemDecisionSchema } }, (request) =>
    storeOrders.decide(request.currentUser!.userName, request.body, 'ACCEPTED'),
  );

  app.post('/store/orders/reject', { schema: { body: orderItemDecisionSchema } }, (request) =>
    storeOrders.decide(request.currentUser!.userName, request.body, 'REJECTED_REFUND_IN_PROGRESS'),
  );

  app.post(
    '/store/orders/:id/ship',
    { schema: { params: storeOrderIdParamsSchema, body: shipStoreOrderSchema } },
    (request) =>
      storeOrders.ship(request.currentUser!.userName, request.params.id, request.body ?? {}),
  );

  app.post(
    '/store/orders/:id/refund',
    { schema: { params: storeOrderIdParamsSchema } },
    (request) => storeOrders.refund(request.currentUser!.userName, request.params.id),
  );

  app.get(
    '/store/orders/:id/shipping-label',
    { schema: { params: storeOrderIdParamsSchema } },
    async (request, reply) => {
      const { pdf, reference } = await storeOrders.shippingLabel(
        request.currentUser!.userName,
        request.params.id,
      );
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="label-${reference}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  app.get('/store/payouts', (request) => storeOrders.payouts(request.currentUser!.userName));
};
