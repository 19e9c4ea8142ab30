import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addToCartSchema, cartSchema, removeFromCartSchema } from '@marketplace/shared';
import { errors, ok, SIGNED_IN } from '../../plugins/app/openapi';
import type { CartService } from './cart.service';

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  app.get(
    '/orders/cart',
    {
      schema: {
        summary: "The caller's bag, at today's prices",
        ...SIGNED_IN,
        responses: { ...ok(cartSchema), ...errors(401) },
      },
      preHandler: app.authenticate,
    },
    (request) => cart.get(request.currentUser!),
  );

  app.post(
    '/orders/cart/add',
    {
      schema: {
        summary: 'Add units of an option to the bag',
        body: addToCartSchema,
        ...SIGNED_IN,
        responses: {
          ...ok(cartSchema, 'The bag after the add'),
          ...errors(401, 404, [
            409,
            "'Only N left in stock.', another currency than the bag's, or a purchase limit",
          ]),
        },
      },
      preHandler: app.authenticate,
    },
    (request) => cart.add(request.currentUser!, request.body),
  );

  app.delete(
    '/orders/cart/remove',
    {
      schema: {
        summary: 'Take units of an option off the bag (the line goes at 0)',
        body: removeFromCartSchema,
        ...SIGNED_IN,
        responses: { ...ok(cartSchema, 'The bag after the removal'), ...errors(401, 404) },
      },
      preHandler: app.authenticate,
    },
    (request) => cart.remove(request.currentUser!, request.body),
  );
};
