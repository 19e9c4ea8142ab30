import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { errors, ok } from '../../plugins/app/openapi';
import type { FulfilmentService } from './fulfilment.service';

/**
 * POST /shipping/easypost/webhook (issue 16): the shipping provider's tracking events. The
 * signature (X-Hmac-Signature) covers the exact bytes sent, so this scope reads JSON bodies as
 * a Buffer. With the built-in provider, the same path takes its simulated tracker's events,
 * signed with its own secret.
 */
export const shippingWebhookRoutes: FastifyPluginAsync<{
  fulfilment: FulfilmentService;
}> = async (app, { fulfilment }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/shipping/easypost/webhook',
    {
      schema: {
        summary:
          "The shipping provider's tracking events (signed): parcels move in transit and delivered",
        description:
          'The body is read as raw bytes, since the signature covers them exactly. An event id already handled is answered without being applied again.',
        responses: {
          ...ok(
            z.object({
              received: z.literal(true),
              /** applied, duplicate (handled before), unknown (no parcel of ours), ignored (another kind). */
              outcome: z.enum(['applied', 'duplicate', 'unknown', 'ignored']),
            }),
          ),
          ...errors([400, 'Unsigned, forged or stale event']),
        },
      },
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await fulfilment.receiveTrackingWebhook({
        rawBody,
        headers: request.headers,
      });
      return { received: true as const, outcome };
    },
  );
};
