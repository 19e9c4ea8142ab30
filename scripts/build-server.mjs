// Compiles the server once (decision 017): packages/shared to packages/shared/dist and the API
// to apps/api/dist, each with source maps, for `node --enable-source-maps --conditions=marketplace-compiled`.
// Development, tests and scripts keep running the TypeScript sources through tsx and Vite.
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/** What both outputs share: one ES module per entry, Node 20, every npm package left to Node. */
const common = {
  absWorkingDir: repoRoot,
  bundle: true,
  // Dependencies (and @marketplace/shared, through its `marketplace-compiled` export) are
  // imported at run time from node_modules, as with tsx: only our own code is compiled.
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // Paths in the source maps relative to the output, so stack traces name src/ files.
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
  write: false,
};

/**
 * Writes a build's files each to a temporary name and renames it into place, then removes what
 * the build no longer makes: a server starting (or a second build) at the same moment reads
 * either the old file or the new one, never half of one (DESIGN 8: two `npm start`s in one checkout).
 */
async function writeAtomically(outdir, outputFiles) {
  await mkdir(outdir, { recursive: true });
  const written = new Set();
  for (const file of outputFiles) {
    await mkdir(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
    written.add(path.relative(outdir, file.path));
  }
  for (const name of await readdir(outdir)) {
    if (!written.has(name) && !name.endsWith('.tmp'))
      await rm(path.join(outdir, name), { force: true });
  }
}

async function compile(options, outdir) {
  const result = await build({ ...common, ...options });
  await writeAtomically(path.join(repoRoot, outdir), result.outputFiles);
}

const started = performance.now();
await compile(
  {
    entryPoints: {
      index: 'packages/shared/src/index.ts',
      // The raw message catalogs (issue 19): the API's alone, never in the web app's first load.
      'i18n-catalogs': 'packages/shared/src/i18n/catalogs/index.ts',
    },
    outdir: 'packages/shared/dist',
  },
  'packages/shared/dist',
);
await compile(
  {
    entryPoints: ['apps/api/src/server.ts'],
    outdir: 'apps/api/dist',
    // Modules loaded with `import()` (the Stripe provider) stay separate files, loaded only when used.
    splitting: true,
    chunkNames: 'chunk-[hash]',
  },
  'apps/api/dist',
);
console.log(
  `Server compiled in ${Math.round(performance.now() - started)} ms (apps/api/dist, packages/shared/dist)`,
);
