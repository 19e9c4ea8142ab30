import {
  brotliCompressSync,
  constants as zlibConstants,
  createBrotliCompress,
  createGzip,
  gzipSync,
} from 'node:zlib';

/**
 * The server-rendered page's HTML, apart from the plugin that serves it (web-app.ts): the
 * template cut where the server's parts go, the links and head of a first paint, inlined style
 * sheets, and the compression a browser accepts.
 */

export const ROOT = '<div id="root"></div>';

export type Encoding = 'br' | 'gzip';

/** What the page HTML is compressed with for this request, if anything. */
export function pageEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}

/** Brotli at a quality quick enough for a page made on request; gzip's default level. */
export function compressor(encoding: Encoding) {
  return encoding === 'br'
    ? createBrotliCompress({
        flush: zlibConstants.BROTLI_OPERATION_FLUSH,
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 },
      })
    : createGzip({ flush: zlibConstants.Z_SYNC_FLUSH });
}

export function compressed(html: string | Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(html);
}

/** index.html cut where the server's parts go: `<html lang>`, the head's tags, the app. */
export function parseTemplate(html: string) {
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

export type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

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

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** apps/web/public/hydrate-after-paint.js: starts the app's entry after the largest paint. */
const HYDRATE_AFTER_PAINT = '/hydrate-after-paint.js';

/**
 * What a server-rendered page's first paint waits for, cut down (decisions 026 and 031): the
 * app's entry and its modules are asked for only after the page's largest paint
 * (hydrate-after-paint.js, which reads them from its `data-entry` and `data-modules`), so the
 * first paint shares the connection only with the page's pictures, the largest of which, when
 * the page has one, is asked before anything else.
 */
export function firstPaintHead(head: string, { leadImage }: { leadImage?: string | null }): string {
  const modules: string[] = [];
  const afterPaint = head
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
      modules.push(href);
      return '';
    })
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_, src: string) =>
        `<script defer src="${HYDRATE_AFTER_PAINT}" data-entry="${escapeHtml(src)}"` +
        ` data-modules="${escapeHtml(modules.join(' '))}"></script>`,
    );
  if (!leadImage) return afterPaint;
  const preload = `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(leadImage)}">\n    `;
  const firstRequest = afterPaint.search(/<(script|link|style)\b/);
  return firstRequest < 0
    ? afterPaint
    : afterPaint.slice(0, firstRequest) + preload + afterPaint.slice(firstRequest);
}

/**
 * The head's style sheets inside the HTML (decision 026): the page paints without a request,
 * or a connection, more. Sheets that cannot be read, or could close the element, stay links.
 */
export function inlineStyleSheets(html: string, css: (href: string) => string | undefined): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const head = html
    .slice(0, headEnd)
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, (link, href: string) => {
      const text = css(href);
      return text === undefined || /<\/style/i.test(text)
        ? link
        : `<style data-href="${escapeHtml(href)}">${text}</style>`;
    });
  return head + html.slice(headEnd);
}
