import type { FastifyPluginAsync } from 'fastify';
import { AppError, NotFound } from '@marketplace/shared';
import { z } from 'zod';
import type { StripePaymentProvider } from '../../providers/payments/stripe-payment-provider';
import { errors, ok } from '../../plugins/app/openapi';
import type { CheckoutService } from './checkout.service';

/** The events after which an order's payment may have succeeded. */
const SETTLING_EVENTS = new Set([
  'payment_intent.succeeded',
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/**
 * POST /payments/stripe/webhook. The signature covers the exact bytes Stripe sent, so this
 * scope reads JSON bodies as a Buffer instead of parsing them.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  checkout: CheckoutService;
  stripe: StripePaymentProvider | null;
}> = async (app, { checkout, stripe }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/stripe/webhook',
    {
      schema: {
        summary: "Stripe's events (signed): places the orders whose payment succeeded",
        description: 'The body is read as raw bytes, since the signature covers them exactly.',
        responses: {
          ...ok(z.object({ received: z.literal(true) })),
          ...errors([400, 'Invalid webhook signature.'], [404, 'Stripe payments are not in use.']),
        },
      },
    },
    async (request) => {
      if (!stripe) throw new NotFound('Stripe payments are not in use.');
      let event;
      try {
        const signature = request.headers['stripe-signature'];
        event = stripe.verifyEvent(
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch {
        throw new AppError(400, 'Invalid webhook signature.');
      }
      const orderId = z.uuid().safeParse(event.orderId);
      if (orderId.success && SETTLING_EVENTS.has(event.type)) await checkout.settle(orderId.data);
      return { received: true };
    },
  );
};
