import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addToCartSchema, removeFromCartSchema } from '@marketplace/shared';
import type { CartService } from './cart.service';

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  app.get('/orders/cart', { preHandler: app.authenticate }, (request) =>
    cart.get(request.currentUser!.userName),
  );

  app.post(
    '/orders/cart/add',
    { schema: { body: addToCartSchema }, preHandler: app.authenticate },
    (request) => cart.add(request.currentUser!.userName, request.body),
  );

  app.delete(
    '/orders/cart/remove',
    { schema: { body: removeFromCartSchema }, preHandler: app.authenticate },
    (request) => cart.remove(request.currentUser!.userName, request.body),
  );
};
