import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SsrModule } from '../src/plugins/app/web-app';

// A path TypeScript does not follow (the API's project compiles no JSX); Vitest compiles it.
const webServerEntry = new URL('../../web/src/entry-server.tsx', import.meta.url).pathname;

/** The web app's server entry from its sources, as the build's bundle would run them. */
export const loadWebServerEntry = () =>
  import(/* @vite-ignore */ webServerEntry) as Promise<SsrModule>;

/**
 * A web build in a temporary folder, as the web-app plugin reads one: index.html with these
 * tags in its head after the charset, the entry script, and, given CSS, its style sheet.
 */
export function fakeWebBuild(headTags: string[], css?: string) {
  const head = [
    '<meta charset="UTF-8" />',
    ...headTags,
    '<script type="module" src="/assets/index-abc.js"></script>',
    ...(css === undefined
      ? []
      : ['<link rel="stylesheet" crossorigin href="/assets/index-abc.css">']),
  ];
  const template = `<!doctype html>
<html lang="en">
  <head>
${head.map((tag) => `    ${tag}\n`).join('')}  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  writeFileSync(path.join(webDist, 'index.html'), template);
  if (css !== undefined) {
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'index-abc.css'), css);
  }
  return { webDist, template };
}
