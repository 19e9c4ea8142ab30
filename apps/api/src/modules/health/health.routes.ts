import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '../../plugins/app/openapi';

const status = z.object({ status: z.literal('ok') });

/**
 * Ready once the catalog is loaded and while the database answers; 503 otherwise, so a load
 * balancer sends no traffic to a process that would only make it wait.
 */
export const healthRoutes: FastifyPluginAsync<{
  ping: () => Promise<void>;
  catalogReady: () => boolean;
}> = async (app, { ping, catalogReady }) => {
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
        summary: 'Readiness: the catalog is loaded and the database answers (503 otherwise)',
        responses: ok(status),
      },
    },
    async (request, reply) => {
      if (!catalogReady())
        return reply.code(503).send({ message: 'The catalog is still loading.' });
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
