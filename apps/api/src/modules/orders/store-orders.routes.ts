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
  parcelReceivedSchema,
} from '@marketplace/shared';
import { errors, ok, SIGNED_IN, TOTAL_COUNT_HEADER } from '../../plugins/app/openapi';

/** Every route here is the store owner's: DESIGN 4's 403 for a user without a store. */
const seller = errors(401, [403, "'Open a store first.'"]);
/** Another store's order answers 404 (its existence is not revealed). */
const notFound = errors([404, 'No such order of this store']);
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
          ...seller,
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
        ...seller,
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
          ...seller,
          ...notFound,
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
          ...seller,
          ...notFound,
          ...wrongStatus('Nothing left to refund'),
          ...errors(504),
        },
      },
    },
    (request) => storeOrders.refund(request.currentUser!, request.params.id),
  );

  app.get(
    '/store/orders/:id/shipping-label',
    {
      schema: {
        summary: 'A 4x6 shipping label',
        params: storeOrderIdParamsSchema,
        ...SIGNED_IN,
        responses: {
          200: {
            description: 'The label as a PDF (the built-in shipping provider draws it)',
            body: z.string().meta({ format: 'binary' }),
            mediaType: 'application/pdf',
          },
          303: {
            description:
              "EasyPost hosts the label: `Location` is its address (also the order's labelUrl)",
            headers: { Location: 'The label file at the shipping provider' },
          },
          ...seller,
          ...notFound,
          ...wrongStatus(
            "The parcel will never ship (refunded or rejected), shipped with the seller's own carrier, or the store has no ship-from address",
          ),
          ...errors(
            [502, 'The shipping provider refused (an address it cannot rate)'],
            [504, 'The shipping provider did not answer'],
          ),
        },
      },
    },
    async (request, reply) => {
      // Drawn once, in the language of the seller who first prints (or ships) it.
      const label = await storeOrders.shippingLabel(
        request.currentUser!,
        request.params.id,
        negotiateLocale(request.headers['accept-language']),
      );
      if ('url' in label) return reply.header('Cache-Control', 'no-store').redirect(label.url, 303);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="label-${label.reference}.pdf"`)
        .header('Cache-Control', 'no-store')
        .send(label.pdf);
    },
  );

  app.post(
    '/store/orders/:id/tracking/advance',
    {
      schema: {
        summary: "The built-in shipping provider's simulated tracker: the parcel's next scan",
        description:
          'In transit, then out for delivery, then delivered: each step is the signed tracking event the webhook handles. Only with the local shipping provider, and only when TRACKING_SIMULATOR=true (a test and demo tool; never in production).',
        params: storeOrderIdParamsSchema,
        ...SIGNED_IN,
        responses: {
          ...ok(storeOrderViewSchema),
          ...seller,
          ...notFound,
          ...wrongStatus(
            "The simulated tracker is off, not shipped with the local provider's label, not shipped yet, or delivered",
          ),
        },
      },
    },
    (request) => storeOrders.advanceSimulatedTracking(request.currentUser!, request.params.id),
  );

  app.post(
    '/orders/parcels/:id/received',
    {
      schema: {
        summary: 'The buyer received this parcel ("I received it"): it is marked delivered now',
        params: storeOrderIdParamsSchema,
        ...SIGNED_IN,
        responses: {
          ...ok(parcelReceivedSchema),
          ...errors(401, [404, "No such parcel of the caller's orders"]),
          ...wrongStatus('The parcel is not on its way (not shipped yet, delivered, refunded)'),
        },
      },
    },
    (request) => storeOrders.confirmReceived(request.currentUser!, request.params.id),
  );
};
