import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  catalogFilterCount,
  DEFAULT_LOCALE,
  localeFromCookieHeader,
  localizePath,
  MESSAGES,
  MAX_CATALOG_FILTERS,
  negotiateLocale,
  splitLocalePath,
  tooManyFilters,
  type ApiErrorBody,
} from '@marketplace/shared';
import { DEFAULT_CATALOG_CACHE_SECONDS } from '../../modules/items/catalog-cache';
import type { MessageBus } from '../../providers/shared-state/message-bus';
import { translatorFor } from '../../lib/translator';
import { RETRY_AFTER_SECONDS } from './error-handler';
import type { PageRenderLimit } from './rate-limits';
import { compileStyleSheet, vocabularyOf, type CompiledStyleSheet } from './critical-css';
import {
  compressed,
  compressor,
  escapeHtml,
  firstPaintHead,
  inlineStyleSheets,
  pageEncoding,
  pageLinks,
  parseTemplate,
  type Encoding,
  type Manifest,
} from './page-html';

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
  /** The page's largest image (its LCP), asked before anything else. */
  leadImage?: string | null;
  dataScript: string;
  /** How often the tree was rendered (data passes and the stream). */
  renders?(): number;
  /**
   * After the stream: whether every query the page asked had its answer (else not kept). A
   * page whose data could not be read rejects instead, with `statusCode` 503 when the API was
   * unavailable (busy, refusing, its database away) rather than failing.
   */
  complete?(): boolean;
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
  /**
   * Registers a listener for changes to the data pages are drawn from that no request to this
   * process makes: the catalog cache's change events, local or heard from other processes.
   */
  onDataChange?: (listener: () => void) => void;
  /** Tells other API processes (Redis pub/sub) that a write was answered here, and hears theirs. */
  bus?: MessageBus;
  /** What the kept pages may add up to, in bytes as they are held (default 32 MiB). */
  keptPageBytes?: number;
  /**
   * Page renders per address (a kept page sent again is not one), and the headers that keep
   * the page's own reads out of its visitor's budget of API reads (issue 38, findings 3 and 7).
   */
  pageRenders?: PageRenderLimit;
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

/** Rendered pages kept, in bytes as held (least recently used dropped first). */
const KEPT_PAGE_BYTES = 32 * 1024 * 1024;

/**
 * How long a kept page checked against its answers is sent again without asking them, as long
 * as no change has been heard of meanwhile (decision 026, amended): a write answered by another
 * process (the bus), a catalog change (a lapsed checkout's stock, here or elsewhere), a reconcile
 * sweep that changed something. The bound is for what no event tells (a bus message missed while
 * Redis was unreachable): the catalog cache's own time to live for its answers (decision 035).
 */
export const KEPT_PAGE_TRUST_MS = DEFAULT_CATALOG_CACHE_SECONDS * 1000;
/**
 * Until this old, a kept page no longer trusted is sent at once and its answers are asked
 * behind it, one check per page and CHECKS_BEHIND_AT_ONCE in all at a time; older, they are
 * asked before it is sent. After a write answered by this process, always before.
 */
export const KEPT_PAGE_CHECK_BEHIND_MS = KEPT_PAGE_TRUST_MS + 10_000;
/** How many kept pages may be checked behind their sending at the same time. */
const CHECKS_BEHIND_AT_ONCE = 4;

interface KeptPage {
  status: number;
  /**
   * The page with its style sheets linked (inlined when sent), until its first copy as sent is
   * kept: a brotli copy is a quarter of it, and any other encoding is made from that copy.
   */
  html?: string;
  /** The page as sent (critical CSS inline), by encoding, made on the first request for it. */
  encoded: Map<Encoding | 'identity', Buffer>;
  /** What it added to the kept bytes when it was last counted. */
  bytes: number;
  /** Every API answer the page was drawn from, by URL: its fingerprint then. */
  answers: Map<string, string>;
  /**
   * When its answers were last found unchanged, and the counts of writes answered here and of
   * changes heard of by then.
   */
  checkedAt: number;
  checkedAtWrite: number;
  checkedAtHeard: number;
  /** The counts when the check in flight, if any, started. */
  checking?: string;
}

type Injected = Awaited<ReturnType<FastifyInstance['inject']>>;

/** What identifies an API answer: status, validator (or the body's hash) and list totals. */
function fingerprint(response: Injected): string {
  const header = (name: string) => String(response.headers[name] ?? '');
  const tag = header('etag') || createHash('sha1').update(response.rawPayload).digest('base64url');
  return `${response.statusCode} ${tag} ${header('x-total-count')}`;
}

/**
 * Serves the built web app beside the API on one port. Hashed assets are cached for a year;
 * pages are revalidated so a deploy is seen at once. The public pages are rendered on the
 * server (decision 024) with their status (404 for a missing product or store, 500 when the
 * render fails); every other non-API path gets index.html, where the client router decides.
 * @fastify/static does not compress: the web build writes `.br` and `.gz` copies beside its
 * files, and those are sent to browsers that accept them (the plain file otherwise).
 */
export const webApp = fp<WebAppOptions>(
  async (
    app: FastifyInstance,
    {
      webDist,
      publicUrl,
      loadRenderer,
      onDataChange,
      bus,
      keptPageBytes = KEPT_PAGE_BYTES,
      pageRenders,
    },
  ) => {
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
    /** The built style sheets, read and parsed once, for pages that carry them inline. */
    const styleSheets = new Map<string, CompiledStyleSheet | undefined>();
    const styleSheet = (href: string) => {
      if (!styleSheets.has(href)) {
        const file = path.join(webDist!, path.normalize(href).replace(/^([\\/]|\.\.)+/, ''));
        styleSheets.set(
          href,
          href.startsWith('/assets/') && href.endsWith('.css') && existsSync(file)
            ? compileStyleSheet(readFileSync(file, 'utf8'))
            : undefined,
        );
      }
      return styleSheets.get(href);
    };
    /**
     * The page with its critical CSS inline: the rules its own classes and elements can match
     * (`drawn`: what React has drawn of it so far, when `html` is the head it goes before).
     */
    const withCriticalCss = (html: string, drawn = html) => {
      const page = vocabularyOf(drawn === html ? html : html + drawn);
      return inlineStyleSheets(html, (href) => styleSheet(href)?.critical(page));
    };
    let renderer: Promise<SsrModule> | undefined;
    const getRenderer = () => (renderer ??= load!());
    if (hasWeb && !load) app.log.info('no server-rendering bundle: pages are client-rendered');

    const ask = (request: FastifyRequest, url: string, init: RequestInit = {}) =>
      app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: {
          accept: 'application/json',
          ...Object.fromEntries(new Headers(init.headers)),
          // The page's reads are not its visitor's (issue 38, finding 3): a visitor who spent
          // their reads would get a page drawn from refusals, kept for everyone. The render is
          // counted instead (pageRenders.charge).
          ...pageRenders?.readHeaders,
        },
        remoteAddress: request.ip,
      });

    /**
     * A rendered page is the same for every visitor (all are signed out on the server) as long
     * as the API answers it was drawn from are: it is kept, and sent again after asking those
     * answers again (from the catalog cache, usually) and finding them unchanged.
     */
    const kept = new Map<string, KeptPage>();
    let keptBytes = 0;
    /** Requests that may have changed data (anything but a read) this process has answered. */
    let writes = 0;
    /**
     * Changes heard of that may touch a kept page's data without a request here: writes
     * answered by another process (the bus), catalog changes (a lapsed checkout's stock, here
     * or elsewhere), reconcile sweeps.
     */
    let heard = 0;
    const heardOf = () => {
      heard += 1;
    };
    onDataChange?.(heardOf);
    bus?.subscribe(heardOf);
    // Writes elsewhere may have gone unheard (Redis was away): no kept page is trusted unchecked.
    bus?.onMissed(heardOf);
    /** What changes data without a request (the reconcile sweep) says so here. */
    app.decorate('pageDataChanged', () => {
      heardOf();
      bus?.publish('changed');
    });
    // Counted before the answer leaves (its change is made by then), not after it.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') {
        writes += 1;
        bus?.publish('write');
      }
      return payload;
    });
    /** Pages whose answers are being asked behind their sending. */
    const checking = new Set<string>();
    /** Checks in flight, by page: requests for a page being checked wait for that one check. */
    const inFlight = new Map<KeptPage, Promise<boolean>>();
    /** How a kept page may be sent: without a check, with one behind it, or after one. */
    const keptState = (page: KeptPage) => {
      const age = Date.now() - page.checkedAt;
      if (page.checkedAtWrite !== writes) return 'check first';
      if (age < KEPT_PAGE_TRUST_MS && page.checkedAtHeard === heard) return 'trusted';
      return age < KEPT_PAGE_CHECK_BEHIND_MS ? 'check behind' : 'check first';
    };
    const checked = (request: FastifyRequest, key: string, page: KeptPage) => {
      const writesBefore = writes;
      const heardBefore = heard;
      const running = inFlight.get(page);
      // A check started before the latest change cannot vouch for the page after it.
      if (running && page.checking === `${writesBefore} ${heardBefore}`) return running;
      const checkedAt = Date.now();
      page.checking = `${writesBefore} ${heardBefore}`;
      const check = stillTrue(request, page)
        .then((unchanged) => {
          if (unchanged) {
            if (writesBefore >= page.checkedAtWrite && heardBefore >= page.checkedAtHeard)
              Object.assign(page, {
                checkedAt,
                checkedAtWrite: writesBefore,
                checkedAtHeard: heardBefore,
              });
          } else if (kept.get(key) === page) forget(key);
          return unchanged;
        })
        .finally(() => {
          if (inFlight.get(page) === check) inFlight.delete(page);
        });
      inFlight.set(page, check);
      return check;
    };
    // HTML is counted two bytes a character, as V8 holds text beyond Latin-1 (pages have some).
    const sizeOf = (page: KeptPage) =>
      (page.html?.length ?? 0) * 2 +
      [...page.encoded.values()].reduce((sum, b) => sum + b.length, 0);
    const forget = (key: string) => {
      const old = kept.get(key);
      if (!old) return;
      kept.delete(key);
      keptBytes -= old.bytes;
    };
    /** Keeps the page as the most recently used, counted as it is now. */
    const keep = (key: string, page: KeptPage) => {
      forget(key);
      page.bytes = sizeOf(page);
      kept.set(key, page);
      keptBytes += page.bytes;
      for (const [oldest] of kept) {
        if (keptBytes <= keptPageBytes) break;
        forget(oldest);
      }
    };
    /** The kept page as sent in this encoding: made once, from its HTML or from a copy it has. */
    const copyOf = (page: KeptPage, encoding: Encoding | null): Buffer => {
      const wanted = encoding ?? 'identity';
      const made = page.encoded.get(wanted);
      if (made) return made;
      let html: string | Buffer;
      if (page.html !== undefined) html = withCriticalCss(page.html);
      else {
        // A page without its HTML has a copy as sent (its HTML went when that copy was kept).
        const [held, bytes] = [...page.encoded][0]!;
        html =
          held === 'br' ? brotliDecompressSync(bytes) : held === 'gzip' ? gunzipSync(bytes) : bytes;
      }
      const copy = encoding ? compressed(html, encoding) : Buffer.from(html);
      page.encoded.set(wanted, copy);
      page.html = undefined;
      return copy;
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

    /**
     * An error page (500, 503, 429, 400), in the language of the address asked for (issue 19:
     * /fr is French): its title, and its message translated or as the error said it.
     */
    type Translate = ReturnType<typeof translatorFor>['t'];
    const errorPage = (
      url: string,
      heading: (t: Translate) => string,
      text: (t: Translate) => string = () => '',
    ) => {
      const shell = template!;
      const { locale } = splitLocalePath(url.split('?', 1)[0]!);
      const { t } = translatorFor(locale);
      const message = text(t);
      const lang = locale === DEFAULT_LOCALE ? shell.lang : locale;
      const title = escapeHtml(heading(t));
      return (
        `${shell.beforeHeadEnd.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)}` +
        `<title>${title} · LOCAL BRANDS</title>\n` +
        `<meta name="robots" content="noindex" />\n  ${shell.headEndToRoot}` +
        `<div id="root"><section class="container error-page" role="alert"><h1 class="page-title">${title}</h1>` +
        (message ? `<p class="error-page__message">${escapeHtml(message)}</p>` : '') +
        `<div class="d-flex flex-wrap gap-2"><a href="${localizePath('/', locale)}" class="btn btn-primary">${escapeHtml(t('Back to home'))}</a></div></section></div>` +
        shell.afterRoot
      );
    };

    /** An error page, never kept by anyone (`retryAfter`: seconds, for 429 and 503). */
    const sendError = (reply: FastifyReply, status: number, html: string, retryAfter?: number) => {
      if (retryAfter !== undefined) reply.header('retry-after', retryAfter);
      return reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    };

    async function serverRender(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const shell = template!;
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      const key = `${origin}${request.url}`;
      const encoding = pageEncoding(request.headers['accept-encoding']);
      const send = (status: number, body: string | Buffer | NodeJS.ReadableStream) => {
        if (encoding) reply.header('content-encoding', encoding);
        return reply
          .code(status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header(
            'vary',
            reply.hasHeader('vary')
              ? `${reply.getHeader('vary')}, user-agent, accept-encoding`
              : 'user-agent, accept-encoding',
          )
          .send(body);
      };
      try {
        const known = kept.get(key);
        const state = known && keptState(known);
        // Checks behind pages are few at a time: under load, pages wait their turn (each is
        // checked before sending once KEPT_PAGE_CHECK_BEHIND_MS old) rather than pile up.
        if (
          known &&
          state === 'check behind' &&
          !checking.has(key) &&
          checking.size < CHECKS_BEHIND_AT_ONCE
        ) {
          checking.add(key);
          void checked(request, key, known)
            .catch((error: unknown) => request.log.warn({ err: error }, 'kept page check failed'))
            .finally(() => checking.delete(key));
        }
        if (known && (state !== 'check first' || (await checked(request, key, known)))) {
          const copy = copyOf(known, encoding);
          keep(key, known);
          await send(known.status, copy);
          return true;
        }
        // Each filter value costs the page's search and facets: past the API's cap, the page
        // is refused as the API would refuse its search (issue 38, finding 7).
        const query = request.url.indexOf('?');
        if (
          query >= 0 &&
          catalogFilterCount(new URLSearchParams(request.url.slice(query + 1))) >
            MAX_CATALOG_FILTERS
        ) {
          const { params } = tooManyFilters();
          await sendError(
            reply,
            400,
            errorPage(request.url, (t) => t(params.i18n.message, params.i18n.values)),
          );
          return true;
        }
        // A render (not a kept page sent again) is counted for the visitor's address.
        const retryAfter = await pageRenders?.charge(request);
        if (retryAfter !== undefined) {
          await sendError(
            reply,
            429,
            errorPage(request.url, (t) => t(MESSAGES.tooManyRequests)),
            retryAfter,
          );
          return true;
        }
        const module = await getRenderer();
        const answers = new Map<string, string>();
        const writesBefore = writes;
        const heardBefore = heard;
        const renderedAt = Date.now();
        const page = await module.renderPage(
          { url: request.url, origin },
          fetchFor(request, answers),
        );
        if (!page) return false;
        const head = firstPaintHead(
          `${shell.beforeHeadEnd.replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`)}` +
            `    ${pageLinks(manifest, page.modules ?? [], templateHtml)}\n    ${page.head}\n  ${shell.headEndToRoot}<div id="root">`,
          { leadImage: page.leadImage },
        );
        const tail = `</div>${page.dataScript}${shell.afterRoot}`;
        const body = new PassThrough();
        const rendered = new PassThrough();
        const parts: Buffer[] = [];
        let keptPage: KeptPage | undefined;
        // The head waits for the shell (React writes it in one go, in 2 KB chunks): its
        // critical CSS is chosen by the classes the shell carries. The rest streams as it comes.
        let headSent = false;
        const sendHead = () => {
          if (headSent) return;
          headSent = true;
          const shellSoFar = Buffer.concat(parts);
          body.write(withCriticalCss(head, shellSoFar.toString('utf8')));
          body.write(shellSoFar);
        };
        rendered.on('data', (chunk: Buffer) => {
          parts.push(chunk);
          if (headSent) body.write(chunk);
          else if (parts.length === 1) setImmediate(sendHead);
        });
        rendered.on('end', () => {
          sendHead();
          body.end(tail);
          // A page drawn with a query unanswered (its route's declared data misses one) or
          // refused (not with a 404) is left to be rendered again rather than kept so.
          if (page.complete?.() === false) {
            request.log.warn(
              { url: request.url },
              'server-rendered page not kept: a query was unanswered (undeclared data) or refused',
            );
            return;
          }
          keptPage = {
            status: page.status,
            // A page sent compressed is kept as that copy, once it is whole (below).
            html: encoding ? undefined : head + Buffer.concat(parts).toString('utf8') + tail,
            encoded: new Map(),
            bytes: 0,
            answers,
            checkedAt: renderedAt,
            checkedAtWrite: writesBefore,
            checkedAtHeard: heardBefore,
          };
          if (!encoding) keep(key, keptPage);
        });
        await page.stream(rendered, { allReady: isCrawler(request.headers['user-agent']) });
        if (!encoding) {
          await send(page.status, body);
          return true;
        }
        // The compressed copy sent now is what is kept of the page: compressing a kept page on
        // its next request (its inline CSS included) cost more than sending it.
        const compressing = body.pipe(compressor(encoding));
        const encodedParts: Buffer[] = [];
        compressing.on('data', (chunk: Buffer) => encodedParts.push(chunk));
        compressing.on('end', () => {
          if (!keptPage) return;
          keptPage.encoded.set(encoding, Buffer.concat(encodedParts));
          keep(key, keptPage);
        });
        await send(page.status, compressing);
        return true;
      } catch (error) {
        // The API could not answer the page's data for now (busy, its database away): 503, so
        // that crawlers come back, and nothing about the product is said (issue 38, finding 3).
        if ((error as { statusCode?: unknown } | null)?.statusCode === 503) {
          request.log.warn({ err: error }, 'page data unavailable');
          await sendError(
            reply,
            503,
            errorPage(request.url, (t) => t(MESSAGES.serviceUnavailable)),
            RETRY_AFTER_SECONDS,
          );
          return true;
        }
        request.log.error({ err: error }, 'server rendering failed');
        const message = error instanceof Error ? error.message : '';
        await sendError(
          reply,
          500,
          errorPage(
            request.url,
            (t) => t(MESSAGES.unexpectedError),
            () => message,
          ),
        );
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
