import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addedToCartSchema,
  addToCartSchema,
  cartSchema,
  contentLanguageQuerySchema,
  removeFromCartSchema,
} from '@marketplace/shared';
import { errors, ok, SIGNED_IN } from '../../plugins/app/openapi';
import type { CartService } from './cart.service';

/** `lang=fr-CA`: each line's product name in French where its brand wrote one (decision 030). */
const querystring = contentLanguageQuerySchema;

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  app.get(
    '/orders/cart',
    {
      schema: {
        summary: "The caller's bag, at today's prices",
        querystring,
        ...SIGNED_IN,
        responses: { ...ok(cartSchema), ...errors(401) },
      },
      preHandler: app.authenticate,
    },
    (request) => cart.get(request.currentUser!, request.query.lang),
  );

  app.post(
    '/orders/cart/add',
    {
      schema: {
        summary: 'Add units of an option to the bag',
        body: addToCartSchema,
        querystring,
        ...SIGNED_IN,
        responses: {
          ...ok(
            addedToCartSchema,
            "The bag after the add; asked for more than is left, what is left is added and `notice` says so ('Only N available: N added')",
          ),
          ...errors(401, 404, [
            409,
            "'Only N left in stock.', 'You already have all N in your bag.', another currency than the bag's, or a purchase limit",
          ]),
        },
      },
      preHandler: app.authenticate,
    },
    (request) => cart.add(request.currentUser!, request.body, request.query.lang),
  );

  app.delete(
    '/orders/cart/remove',
    {
      schema: {
        summary: 'Take units of an option off the bag (the line goes at 0)',
        body: removeFromCartSchema,
        querystring,
        ...SIGNED_IN,
        responses: { ...ok(cartSchema, 'The bag after the removal'), ...errors(401, 404) },
      },
      preHandler: app.authenticate,
    },
    (request) => cart.remove(request.currentUser!, request.body, request.query.lang),
  );
};
