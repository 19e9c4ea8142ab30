import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { compiledCatalogs } from './compiled-catalogs.ts';

const sharedSource = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));

/**
 * packages/shared only declares constants, schemas and pure functions, but its package.json
 * cannot say so ("sideEffects": false). Telling the bundler lets the first page load take
 * MESSAGES and the constants without the zod schemas, which then load with the form pages.
 */
function sharedHasNoSideEffects(): Plugin {
  return {
    name: 'shared-has-no-side-effects',
    transform(code, id) {
      return id.startsWith(sharedSource) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

const reactRouterDist = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/;

/**
 * react-router's package exports its development build to bundlers (the production build
 * differs only in ENABLE_DEV_WARNINGS = false), ships all components in one module with none
 * marked pure, and names each for React DevTools at the top level (`Link.displayName = ...`).
 * The bundler then keeps every component (Form, NavLink, Await, ...) whether the app uses it or
 * not. Switching the warnings off, dropping the names and marking the component factories
 * pure lets it leave out what the app does not use (about 2.5 KB gzip of the first load).
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'tree-shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!reactRouterDist.test(id)) return null;
      return {
        code: code
          .replace(/^var ENABLE_DEV_WARNINGS = true;$/m, 'var ENABLE_DEV_WARNINGS = false;')
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
          .replace(
            /(=\s*)(React\d*\.(?:forwardRef|createContext|memo)\()/g,
            '$1/* @__PURE__ */ $2',
          ),
        map: null,
      };
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
// Below this a compressed copy saves less than a packet; the server sends the file as it is.
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file of the build. */
async function precompressDir(dir: string): Promise<void> {
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const bytes = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  }
}

/**
 * The API serves the build with @fastify/static, which does not compress on its own
 * (DESIGN 8): it sends these pre-compressed copies to browsers that accept them.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    // The server bundle (decision 024) is read from disk by the API, never sent.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}

// The API serves its JSON under /api and uploaded images under /uploads.
const apiProxy = { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' };

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    compiledCatalogs(),
    sharedHasNoSideEffects(),
    treeShakeReactRouter(),
    precompress(),
  ],
  server: {
    // The API lives under /api on the same origin in production (DESIGN 3).
    proxy: apiProxy,
  },
  preview: { proxy: apiProxy },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's Sass still uses @import and the global colour functions.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  // The server-rendering bundle (`vite build --ssr`, decision 024) carries its dependencies,
  // so the compiled API loads one file, whatever node_modules' packages export to Node.
  // React's production build, whatever NODE_ENV the server runs with.
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    // The server links a rendered page's chunk and CSS from it (decision 024).
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod in one chunk of its own: otherwise the bundler may put a piece of it beside
          // a small module the home page needs (formatMoney), which then imports all of zod.
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }],
        },
      },
      checks: { pluginTimings: false },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A test that types a store's description takes 1-2 s alone and timed out at Vitest's
    // default 5 s on a loaded 2-core machine: the limit guards against hangs, not slowness.
    testTimeout: 20_000,
  },
}));
