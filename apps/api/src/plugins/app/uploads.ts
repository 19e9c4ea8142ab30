import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { UPLOADS_URL_PREFIX } from '../../providers/storage/storage';

/** Serves stored uploads. Their names are content hashes, so they are cached for a year. */
export const uploads = fp<{ root: string }>(async (app: FastifyInstance, { root }) => {
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    // In the OpenAPI document: product and store images are links to these.
    schemaHide: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
});
