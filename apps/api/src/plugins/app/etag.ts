import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { JsonText } from '../../lib/json-text';

// One call, no Hash object: a catalog answer is hashed on every request when nothing keeps it.
const weakEtag = (body: string) => `W/"${hash('sha1', body, 'base64url')}"`;

/**
 * A validator on every JSON answer to a GET: a browser that already holds the same answer gets
 * 304 and no body. (Files under /uploads and the web app carry their own from @fastify/static.)
 */
export const etag = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') {
      return payload;
    }
    const tag = (reply.getHeader('etag') as string | undefined) ?? weakEtag(payload);
    reply.header('etag', tag);
    if (request.headers['if-none-match'] === tag) {
      reply.code(304);
      return '';
    }
    return payload;
  });
});

const serialized = new WeakMap<object, { json: string; etag: string }>();

/**
 * Sends an answer that many requests share (one the catalog cache keeps): it is turned into
 * JSON, and tagged, once, not on every request.
 */
export function sendShared(reply: FastifyReply, value: object): FastifyReply {
  let entry = serialized.get(value);
  if (!entry) {
    const json = value instanceof JsonText ? value.json : JSON.stringify(value);
    entry = { json, etag: weakEtag(json) };
    serialized.set(value, entry);
  }
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('etag', entry.etag)
    .send(entry.json);
}
