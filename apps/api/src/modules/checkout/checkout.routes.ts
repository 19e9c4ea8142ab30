import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkoutBodySchema,
  checkoutSessionSchema,
  contentLanguageQuerySchema,
  localConfirmSchema,
  orderIdParamsSchema,
  orderViewSchema,
  placeOrderSchema,
  shippingUpdateSchema,
} from '@marketplace/shared';
import { created, errors, ok, SIGNED_IN } from '../../plugins/app/openapi';
import type { CheckoutService } from './checkout.service';

export const checkoutRoutes: FastifyPluginAsyncZod<{ checkout: CheckoutService }> = async (
  app,
  { checkout },
) => {
  app.post(
    '/orders/checkout',
    {
      schema: {
        summary: 'Check the bag out: holds its stock for 15 minutes and starts the payment',
        body: checkoutBodySchema,
        querystring: contentLanguageQuerySchema,
        ...SIGNED_IN,
        responses: {
          ...created(checkoutSessionSchema),
          ...errors(401, [409, 'The bag is empty, or stock or a purchase limit fell short'], 504),
        },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await checkout.checkout(request.currentUser!, request.body, request.query.lang)),
  );

  app.put(
    '/orders/:orderId/shipping',
    {
      schema: {
        summary: 'Set the shipping address and method; totals and the payment follow',
        params: orderIdParamsSchema,
        body: shippingUpdateSchema,
        ...SIGNED_IN,
        responses: {
          ...ok(checkoutSessionSchema),
          ...errors(
            401,
            [404, 'No such open order of the caller'],
            [409, 'The order is no longer open'],
            504,
          ),
        },
      },
      preHandler: app.authenticate,
    },
    (request) =>
      checkout.updateShipping(request.currentUser!, request.params.orderId, request.body),
  );

  app.post(
    '/payments/local/confirm',
    {
      schema: {
        summary: "The built-in provider's card step (Stripe's test cards)",
        body: localConfirmSchema,
        ...SIGNED_IN,
        responses: {
          ...ok(z.object({ status: z.literal('succeeded') })),
          ...errors(
            401,
            402,
            [404, 'No such payment, or the built-in provider is not in use'],
            [409, "'Add a shipping address.', or the order is no longer open"],
          ),
        },
      },
      preHandler: app.authenticate,
    },
    (request) => checkout.confirmLocalPayment(request.currentUser!, request.body),
  );

  app.post(
    '/orders/place',
    {
      schema: {
        summary: 'Place the order once its payment succeeded (idempotent)',
        body: placeOrderSchema,
        querystring: contentLanguageQuerySchema,
        ...SIGNED_IN,
        responses: {
          ...ok(orderViewSchema, 'The placed order (the same one again on a second call)'),
          ...errors(401, 402, 404, [409, 'The payment has not succeeded, or the hold lapsed'], 504),
        },
      },
      preHandler: app.authenticate,
    },
    (request) => checkout.place(request.currentUser!, request.body?.orderId, request.query.lang),
  );
};
