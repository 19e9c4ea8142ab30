import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../plugins/app/openapi';
import type { SitemapDocument, SitemapService } from './sitemap.service';

/** Crawlers may keep robots.txt and the sitemaps an hour (the service regenerates every 10 minutes). */
const CRAWLER_CACHE = 'public, max-age=3600';

const xmlAnswer = (description: string) => ({
  200: { description, body: z.string(), mediaType: 'application/xml' },
});

/** The sitemap gzipped when the crawler accepts it (they all do), else as it is. */
function sendSitemap(request: FastifyRequest, reply: FastifyReply, document: SitemapDocument) {
  const gzipped = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', CRAWLER_CACHE)
    .header('vary', 'accept-encoding');
  if (gzipped) reply.header('content-encoding', 'gzip');
  return reply.send(gzipped ? document.gzipped : document.xml);
}

/** /robots.txt and the sitemaps, at the site's root where crawlers look for them (issue 18). */
export const seoRoutes: FastifyPluginAsyncZod<{ sitemap: SitemapService }> = async (
  app,
  { sitemap },
) => {
  app.get(
    '/robots.txt',
    {
      schema: {
        summary: 'What crawlers may visit, and where the sitemap is',
        responses: {
          200: { description: 'robots.txt', body: z.string(), mediaType: 'text/plain' },
          ...errors(),
        },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', CRAWLER_CACHE)
        .send(sitemap.robots()),
  );

  app.get(
    '/sitemap.xml',
    {
      schema: {
        summary: 'The sitemap index: the pages, stores and product sitemaps',
        responses: { ...xmlAnswer('A sitemap index (sitemaps.org 0.9)'), ...errors() },
      },
    },
    async (request, reply) => sendSitemap(request, reply, await sitemap.index()),
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        summary: 'One sitemap: pages.xml, stores.xml or products-N.xml (50,000 URLs at most)',
        params: z.object({ file: z.string().max(40) }),
        responses: {
          ...xmlAnswer('A URL set (sitemaps.org 0.9)'),
          ...errors([404, 'No such sitemap']),
        },
      },
    },
    async (request, reply) => {
      const document = await sitemap.file(request.params.file);
      if (!document) return reply.code(404).send({ message: 'No such sitemap.' });
      return sendSitemap(request, reply, document);
    },
  );
};
