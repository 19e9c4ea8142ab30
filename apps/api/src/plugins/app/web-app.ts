import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEFAULT_LOCALE,
  localeFromCookieHeader,
  localizePath,
  MESSAGES,
  negotiateLocale,
  type ApiErrorBody,
} from '@marketplace/shared';

/** What the web app's server bundle (apps/web/src/entry-server.tsx) exports: decision 024. */
export interface SsrModule {
  renderPage(
    request: { url: string; origin: string },
    fetchApi: (url: string, init: RequestInit) => Promise<Response>,
  ): Promise<SsrPage | null>;
}

interface SsrPage {
  status: number;
  lang: string;
  head: string;
  /** The page's modules, as the build's manifest names them. */
  modules?: string[];
  dataScript: string;
  stream(sink: NodeJS.WritableStream, options: { allReady: boolean }): Promise<void>;
}

export interface WebAppOptions {
  webDist?: string;
  /** The site's address, for canonical URLs and link previews. */
  publicUrl?: string;
  /**
   * Loads the server-rendering bundle; by default `<webDist>-ssr/entry-server.js`, which
   * `npm run build` writes beside the web build. Without one, every page is client-rendered.
   */
  loadRenderer?: () => Promise<SsrModule>;
}

/**
 * Search engines and link previews (by user agent) get the whole page in one piece; browsers
 * get it streamed, from the moment the page's shell is ready.
 */
const CRAWLER =
  /bot|crawl|spider|slurp|facebookexternalhit|facebot|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegram|skypeuripreview|discord|slack|lighthouse|chrome-lighthouse|headless/i;

export function isCrawler(userAgent: string | undefined): boolean {
  return !!userAgent && CRAWLER.test(userAgent);
}

const ROOT = '<div id="root"></div>';

/** Rendered pages kept, in bytes of HTML (least recently used dropped first). */
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

interface KeptPage {
  status: number;
  html: string;
  /** Every API answer the page was drawn from, by URL: its fingerprint then. */
  answers: Map<string, string>;
}

type Injected = Awaited<ReturnType<FastifyInstance['inject']>>;

/** What identifies an API answer: status, validator (or the body's hash) and list totals. */
function fingerprint(response: Injected): string {
  const header = (name: string) => String(response.headers[name] ?? '');
  const tag = header('etag') || createHash('sha1').update(response.rawPayload).digest('base64url');
  return `${response.statusCode} ${tag} ${header('x-total-count')} ${header('x-total-capped')}`;
}

/** index.html cut where the server's parts go: `<html lang>`, the head's tags, the app. */
function parseTemplate(html: string) {
  const withoutDefaults = html
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '');
  const headEnd = withoutDefaults.indexOf('</head>');
  const root = withoutDefaults.indexOf(ROOT);
  if (headEnd < 0 || root < headEnd) return null;
  const [, lang] = /<html lang="([^"]*)"/.exec(withoutDefaults) ?? [];
  return {
    lang: lang ?? 'en',
    beforeHeadEnd: withoutDefaults.slice(0, headEnd),
    headEndToRoot: withoutDefaults.slice(headEnd, root),
    afterRoot: withoutDefaults.slice(root + ROOT.length),
  };
}

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/**
 * The `<link>`s of a lazy page's chunk (and what it imports) and of its CSS, from the web
 * build's manifest: the page is styled from the first paint, and its chunk loads beside the
 * entry's instead of after it. Files index.html already links are left out.
 */
export function pageLinks(manifest: Manifest, modules: string[], template: string): string {
  const chunks = new Set<string>();
  const visit = (key: string) => {
    if (chunks.has(key) || !manifest[key]) return;
    chunks.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  const links: string[] = [];
  const css = new Set<string>();
  for (const key of chunks) {
    for (const file of manifest[key]!.css ?? []) css.add(file);
  }
  for (const file of css) {
    if (!template.includes(`/${file}"`))
      links.push(`<link rel="stylesheet" crossorigin href="/${file}">`);
  }
  for (const key of chunks) {
    const { file } = manifest[key]!;
    if (!template.includes(`/${file}"`))
      links.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
  }
  return links.join('\n    ');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Serves the built web app beside the API on one port. Hashed assets are cached for a year;
 * pages are revalidated so a deploy is seen at once. The public pages are rendered on the
 * server (decision 024) with their status (404 for a missing product or store, 500 when the
 * render fails); every other non-API path gets index.html, where the client router decides.
 * @fastify/static does not compress: the web build writes `.br` and `.gz` copies beside its
 * files, and those are sent to browsers that accept them (the plain file otherwise).
 */
export const webApp = fp<WebAppOptions>(
  async (app: FastifyInstance, { webDist, publicUrl, loadRenderer }) => {
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
          reply.header(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }

    const templateHtml = hasWeb ? readFileSync(indexHtml, 'utf8') : '';
    const template = hasWeb ? parseTemplate(templateHtml) : null;
    const manifestFile = webDist && path.join(webDist, '.vite', 'manifest.json');
    const manifest: Manifest =
      manifestFile && existsSync(manifestFile)
        ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest)
        : {};
    const ssrEntry =
      webDist && path.join(`${webDist.replace(/[\\/]+$/, '')}-ssr`, 'entry-server.js');
    const load =
      loadRenderer ??
      (ssrEntry && existsSync(ssrEntry)
        ? () => import(pathToFileURL(ssrEntry).href) as Promise<SsrModule>
        : undefined);
    let renderer: Promise<SsrModule> | undefined;
    const getRenderer = () => (renderer ??= load!());
    if (hasWeb && !load) app.log.info('no server-rendering bundle: pages are client-rendered');

    const ask = (request: FastifyRequest, url: string, init: RequestInit = {}) =>
      app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: { accept: 'application/json', ...Object.fromEntries(new Headers(init.headers)) },
        // The visitor's own budget of anonymous reads pays for the page's reads.
        remoteAddress: request.ip,
      });

    /**
     * A rendered page is the same for every visitor (all are signed out on the server) as long
     * as the API answers it was drawn from are: it is kept, and sent again after asking those
     * answers again (from the catalog cache, usually) and finding them unchanged.
     */
    const kept = new Map<string, KeptPage>();
    let keptBytes = 0;
    const keep = (key: string, page: KeptPage) => {
      const old = kept.get(key);
      if (old) keptBytes -= old.html.length;
      kept.delete(key);
      kept.set(key, page);
      keptBytes += page.html.length;
      for (const [oldest, entry] of kept) {
        if (keptBytes <= PAGE_CACHE_BYTES) break;
        kept.delete(oldest);
        keptBytes -= entry.html.length;
      }
    };
    const stillTrue = async (request: FastifyRequest, page: KeptPage) => {
      const checks = await Promise.all(
        [...page.answers].map(async ([url, seen]) => fingerprint(await ask(request, url)) === seen),
      );
      return checks.every(Boolean);
    };

    /** The API, in process: the page's data goes through the same routes, cache and checks. */
    const fetchFor =
      (request: FastifyRequest, answers: Map<string, string>) =>
      async (url: string, init: RequestInit): Promise<Response> => {
        const response = await ask(request, url, init);
        if ((init.method ?? 'GET') === 'GET') answers.set(url, fingerprint(response));
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers.set(name, String(value));
        }
        const empty = response.statusCode === 204 || response.statusCode === 304;
        return new Response(empty ? null : response.rawPayload, {
          status: response.statusCode,
          headers,
        });
      };

    const errorPage = (lang: string, error: unknown) => {
      const message = error instanceof Error ? error.message : '';
      const shell = template!;
      return (
        `${shell.beforeHeadEnd.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)}` +
        `<title>${escapeHtml(MESSAGES.unexpectedError)} · LOCAL BRANDS</title>\n` +
        `<meta name="robots" content="noindex" />\n  ${shell.headEndToRoot}` +
        `<div id="root"><section class="container error-page" role="alert"><h1 class="page-title">${escapeHtml(MESSAGES.unexpectedError)}</h1>` +
        (message ? `<p class="error-page__message">${escapeHtml(message)}</p>` : '') +
        `<div class="d-flex flex-wrap gap-2"><a href="/" class="btn btn-primary">Back to home</a></div></section></div>` +
        shell.afterRoot
      );
    };

    async function serverRender(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const shell = template!;
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      const key = `${origin}${request.url}`;
      const send = (status: number, body: string | PassThrough) =>
        reply
          .code(status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header(
            'vary',
            reply.hasHeader('vary') ? `${reply.getHeader('vary')}, user-agent` : 'user-agent',
          )
          .send(body);
      try {
        const known = kept.get(key);
        if (known && (await stillTrue(request, known))) {
          keep(key, known);
          await send(known.status, known.html);
          return true;
        }
        const module = await getRenderer();
        const answers = new Map<string, string>();
        const page = await module.renderPage(
          { url: request.url, origin },
          fetchFor(request, answers),
        );
        if (!page) return false;
        const head =
          `${shell.beforeHeadEnd.replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`)}` +
          `    ${pageLinks(manifest, page.modules ?? [], templateHtml)}\n    ${page.head}\n  ${shell.headEndToRoot}<div id="root">`;
        const tail = `</div>${page.dataScript}${shell.afterRoot}`;
        const body = new PassThrough();
        body.write(head);
        const rendered = new PassThrough();
        const parts: Buffer[] = [];
        rendered.pipe(body, { end: false });
        rendered.on('data', (chunk: Buffer) => parts.push(chunk));
        rendered.on('end', () => {
          body.end(tail);
          keep(key, {
            status: page.status,
            html: head + Buffer.concat(parts).toString('utf8') + tail,
            answers,
          });
        });
        await page.stream(rendered, { allReady: isCrawler(request.headers['user-agent']) });
        await send(page.status, body);
        return true;
      } catch (error) {
        request.log.error({ err: error }, 'server rendering failed');
        await reply
          .code(500)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(errorPage(shell.lang, error));
        return true;
      }
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      if (hasWeb && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
        const [pathname, query] = request.url.split('?', 2) as [string, string | undefined];
        // One address per page: /home is the home page's old name.
        if (pathname === '/home' || pathname === '/home/')
          return reply.redirect(query ? `/?${query}` : '/', 301);
        if (pathname === '/fr/home' || pathname === '/fr/home/')
          return reply.redirect(query ? `/fr?${query}` : '/fr', 301);
        if (pathname === '/') {
          // The home page follows the language chosen on this device, else the browser's
          // (issue 19); every other address names its language and is served as it is.
          reply.header('vary', 'accept-language, cookie');
          const preferred =
            localeFromCookieHeader(request.headers.cookie) ??
            negotiateLocale(request.headers['accept-language']);
          if (preferred !== DEFAULT_LOCALE) {
            const home = localizePath('/', preferred);
            return reply
              .header('cache-control', 'no-cache')
              .redirect(query ? `${home}?${query}` : home, 302);
          }
        }
        if (template && load && (await serverRender(request, reply))) return reply;
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      const body: ApiErrorBody = {
        message: `No route for ${request.method} ${request.url.split('?')[0]}.`,
      };
      return reply.code(404).send(body);
    });
  },
);
