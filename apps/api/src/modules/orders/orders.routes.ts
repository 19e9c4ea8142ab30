import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkoutBodySchema,
  localConfirmSchema,
  orderIdParamsSchema,
  placeOrderSchema,
  shippingUpdateSchema,
} from '@marketplace/shared';
import type { OrdersService } from './orders.service';

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (
  app,
  { orders },
) => {
  app.post(
    '/orders/checkout',
    { schema: { body: checkoutBodySchema }, preHandler: app.authenticate },
    async (request, reply) =>
      reply.code(201).send(await orders.checkout(request.currentUser!.userName, request.body)),
  );

  app.put(
    '/orders/:orderId/shipping',
    {
      schema: { params: orderIdParamsSchema, body: shippingUpdateSchema },
      preHandler: app.authenticate,
    },
    (request) =>
      orders.updateShipping(request.currentUser!.userName, request.params.orderId, request.body),
  );

  app.post(
    '/payments/local/confirm',
    { schema: { body: localConfirmSchema }, preHandler: app.authenticate },
    (request) => orders.confirmLocalPayment(request.currentUser!.userName, request.body),
  );

  app.post(
    '/orders/place',
    { schema: { body: placeOrderSchema }, preHandler: app.authenticate },
    (request) => orders.place(request.currentUser!.userName, request.body?.orderId),
  );

  app.get('/orders/history', { preHandler: app.authenticate }, (request) =>
    orders.history(request.currentUser!.userName),
  );
};
