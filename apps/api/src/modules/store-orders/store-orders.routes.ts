import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  orderItemDecisionResultSchema,
  negotiateLocale,
  orderItemDecisionSchema,
  shipStoreOrderSchema,
  storeOrderIdParamsSchema,
  storeOrdersQuerySchema,
  storeOrderViewSchema,
} from '@marketplace/shared';
import {
  errors,
  ok,
  SIGNED_IN,
  TOTAL_COUNT_HEADER,
  SELLER_ERRORS,
  STORE_ORDER_NOT_FOUND,
} from '../../plugins/app/openapi';

const wrongStatus = (what: string) => errors([409, what]);
import type { StoreOrdersService } from './store-orders.service';

/** The seller's order handling (spec 7 "/store/orders", issue 6): the store's owner only. */
export const storeOrdersRoutes: FastifyPluginAsyncZod<{ storeOrders: StoreOrdersService }> = async (
  app,
  { storeOrders },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/store/orders',
    {
      schema: {
        summary: "The store's orders, newest first, optionally of one status",
        querystring: storeOrdersQuerySchema,
        ...SIGNED_IN,
        responses: {
          ...ok(z.array(storeOrderViewSchema), 'A page of store orders', TOTAL_COUNT_HEADER),
          ...SELLER_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const { page, pageSize, status } = request.query;
      const { orders, total } = await storeOrders.list(
        request.currentUser!,
        page,
        pageSize,
        status,
      );
      return reply.header('X-Total-Count', total).send(orders);
    },
  );

  const decision = (summary: string) => ({
    schema: {
      summary,
      body: orderItemDecisionSchema,
      ...SIGNED_IN,
      responses: {
        ...ok(orderItemDecisionResultSchema),
        ...SELLER_ERRORS,
        ...errors([404, 'No such order item of this store']),
        ...wrongStatus('The item is no longer PLACED'),
        ...errors(504),
      },
    },
  });

  app.post('/store/orders/accept', decision('Accept an ordered item'), (request) =>
    storeOrders.decide(request.currentUser!, request.body, 'ACCEPTED'),
  );

  app.post(
    '/store/orders/reject',
    decision('Reject an ordered item: its money goes back'),
    (request) =>
      storeOrders.decide(request.currentUser!, request.body, 'REJECTED_REFUND_IN_PROGRESS'),
  );

  app.post(
    '/store/orders/:id/ship',
    {
      schema: {
        description:
          "Without a body, the parcel ships with this site's label: bought through the shipping provider first, once (409 without a ship-from address).",
        summary: 'Ship the accepted items (optionally with a carrier and tracking number)',
        params: storeOrderIdParamsSchema,
        body: shipStoreOrderSchema,
        ...SIGNED_IN,
        responses: {
          ...ok(storeOrderViewSchema),
          ...SELLER_ERRORS,
          ...STORE_ORDER_NOT_FOUND,
          ...wrongStatus(
            'An item is still PLACED, nothing is accepted, it has shipped, no ship-from address for the label, or another parcel on its way has this tracking number with this carrier',
          ),
          ...errors(502, 504),
        },
      },
    },
    (request) =>
      storeOrders.ship(
        request.currentUser!,
        request.params.id,
        request.body ?? {},
        negotiateLocale(request.headers['accept-language']),
      ),
  );

  app.post(
    '/store/orders/:id/refund',
    {
      schema: {
        summary: 'Refund the store order through the payment provider',
        params: storeOrderIdParamsSchema,
        ...SIGNED_IN,
        responses: {
          ...ok(storeOrderViewSchema),
          ...SELLER_ERRORS,
          ...STORE_ORDER_NOT_FOUND,
          ...wrongStatus('Nothing left to refund'),
          ...errors(504),
        },
      },
    },
    (request) => storeOrders.refund(request.currentUser!, request.params.id),
  );
};
