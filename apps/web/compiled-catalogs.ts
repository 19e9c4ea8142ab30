import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const sharedSource = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));

// Apart from vite.config.ts so the API's test projects use it too: they render the web app's
// server entry from its sources (server-render.test.ts), which imports these modules.
const CATALOG_MODULE = 'virtual:i18n-catalog/';
const catalogDir = path.join(sharedSource, 'i18n', 'catalogs');
/** Areas only the API shows (mails, PDF labels and statements): never shipped to browsers. */
const SERVER_ONLY_AREAS = new Set(['documents.json', 'emails.json']);

/** Whether a message's compiled tokens are its text with each `{name}` an argument, nothing more. */
function filledAsItStands(message: string, tokens: ReturnType<typeof compileMessage>): boolean {
  const parts = message
    .split(/\{(\w+)\}/)
    .map((part, index) => (index % 2 === 1 ? [part] : part))
    .filter((part) => part !== '');
  return JSON.stringify(parts) === JSON.stringify(tokens);
}

/**
 * `import catalog from 'virtual:i18n-catalog/fr-CA'`: the locale's catalog of
 * packages/shared, compiled at build time (decision 028), so the browser runs Lingui's 2 KB
 * interpreter and never loads a message parser. Edits to a catalog reload in development.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'compiled-catalogs',
    resolveId(id) {
      return id.startsWith(CATALOG_MODULE) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${CATALOG_MODULE}`)) return null;
      const dir = path.join(catalogDir, id.slice(CATALOG_MODULE.length + 1));
      const raw: Record<string, string> = {};
      for (const file of (await readdir(dir))
        .filter((name) => name.endsWith('.json') && !SERVER_ONLY_AREAS.has(name))
        .sort()) {
        this.addWatchFile(path.join(dir, file));
        Object.assign(raw, JSON.parse(await readFile(path.join(dir, file), 'utf8')));
      }
      const compiled = Object.fromEntries(
        Object.entries(raw).flatMap(([message, translation]) => {
          const tokens = compileMessage(translation);
          // English needs no entry where filling its `{name}` arguments writes it (the
          // translator does that for a message it does not hold): only plurals, selects and
          // formats reach the first load.
          if (translation === message && filledAsItStands(message, tokens)) return [];
          // A message without arguments compiles to itself: keep it a string, the smallest form.
          return [
            [message, tokens.length === 1 && typeof tokens[0] === 'string' ? tokens[0] : tokens],
          ];
        }),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
