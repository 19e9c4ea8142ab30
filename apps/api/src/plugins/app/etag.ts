import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A validator on every JSON answer to a GET: a browser that already holds the same answer gets
 * 304 and no body. (Files under /uploads and the web app carry their own from @fastify/static.)
 */
export const etag = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') {
      return payload;
    }
    const tag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', tag);
    if (request.headers['if-none-match'] === tag) {
      reply.code(304);
      return '';
    }
    return payload;
  });
});
