import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '../../plugins/app/openapi';

const status = z.object({ status: z.literal('ok') });

/** Healthy once the database answers; 503 otherwise, so a load balancer stops sending traffic. */
export const healthRoutes: FastifyPluginAsync<{ ping: () => Promise<void> }> = async (
  app,
  { ping },
) => {
  // Liveness: the process answers, whatever the database does (also the bench's constant route).
  app.get(
    '/health/live',
    { schema: { summary: 'Liveness: the process answers', responses: ok(status) } },
    () => ({ status: 'ok' }),
  );

  app.get(
    '/health',
    {
      schema: {
        summary: 'Readiness: the database answers (503 otherwise)',
        responses: ok(status),
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ message: 'The database is not reachable.' });
      }
    },
  );
};
