import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  negotiateLocale,
  parcelReceivedSchema,
  storeOrderIdParamsSchema,
  storeOrderViewSchema,
} from '@marketplace/shared';
import {
  errors,
  ok,
  SIGNED_IN,
  SELLER_ERRORS,
  STORE_ORDER_NOT_FOUND,
} from '../../plugins/app/openapi';
import type { FulfilmentService } from './fulfilment.service';

const wrongStatus = (what: string) => errors([409, what]);

/** Labels, the simulated tracker and the buyer's "I received it" (issue 16): signed in only. */
export const fulfilmentRoutes: FastifyPluginAsyncZod<{ fulfilment: FulfilmentService }> = async (
  app,
  { fulfilment },
) => {
  app.addHook('onRequest', app.authenticate);

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
          ...SELLER_ERRORS,
          ...STORE_ORDER_NOT_FOUND,
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
      const label = await fulfilment.shippingLabel(
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
          ...SELLER_ERRORS,
          ...STORE_ORDER_NOT_FOUND,
          ...wrongStatus(
            "The simulated tracker is off, not shipped with the local provider's label, not shipped yet, or delivered",
          ),
        },
      },
    },
    (request) => fulfilment.advanceSimulatedTracking(request.currentUser!, request.params.id),
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
    (request) => fulfilment.confirmReceived(request.currentUser!, request.params.id),
  );
};
