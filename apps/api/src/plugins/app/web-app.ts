import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '@marketplace/shared';

/**
 * Serves the built web app beside the API on one port. Hashed assets are cached for a year;
 * index.html is revalidated so a deploy is seen at once. Unknown non-API paths get index.html,
 * where the client router decides (and shows its own 404 page). @fastify/static does not
 * compress: the web build writes `.br` and `.gz` copies beside its files, and those are sent to
 * browsers that accept them (the plain file otherwise).
 */
export const webApp = fp<{ webDist?: string }>(async (app: FastifyInstance, { webDist }) => {
  const indexHtml = webDist && path.join(webDist, 'index.html');
  const hasWeb = !!indexHtml && existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (hasWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const body: ApiErrorBody = {
      message: `No route for ${request.method} ${request.url.split('?')[0]}.`,
    };
    return reply.code(404).send(body);
  });
});
