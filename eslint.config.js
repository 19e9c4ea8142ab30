import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/*
 * API layers (issue 40.3, decision 048): routes -> services -> repositories; providers never
 * import modules; services never import plugins/ (what they need lives in src/lib/); a module
 * reaches another only through its *.service file. Written with typescript-eslint's copy of
 * no-restricted-imports, so these blocks never replace the Drizzle block's own patterns.
 * Imports are matched as written (relative paths), so the module names are read from the tree.
 */
const apiModules = readdirSync(new URL('./apps/api/src/modules/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The web app's features, read from the folder so a new one is fenced in without an edit here. */
const webFeatures = readdirSync(new URL('./apps/web/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const apiRule = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});
const anotherModulesInside = {
  regex: `^(\\.\\./)+(${apiModules.join('|')})/(?![^/]*\\.service$)`,
  message:
    'Another module is reached only through its *.service file, never its repository or helpers.',
};
const noPlugins = {
  regex: '(^|/)plugins/',
  message: 'Only routes and app.ts use plugins/ (HTTP); move what a service needs into src/lib/.',
};
const noRoutes = { regex: '\\.routes$', message: 'Nothing imports a routes file but app.ts.' };
const apiLayers = [
  {
    files: ['apps/api/src/providers/**/*.ts'],
    rules: apiRule(
      { regex: '(^|/)modules/', message: 'Providers never import modules: modules use providers.' },
      noPlugins,
    ),
  },
  {
    files: ['apps/api/src/modules/**/*.routes.ts'],
    rules: apiRule(
      { regex: '\\.repository$', message: 'Routes call a service, never a repository.' },
      anotherModulesInside,
    ),
  },
  {
    files: ['apps/api/src/modules/**/*.repository.ts'],
    rules: apiRule(
      {
        regex: '\\.service$',
        allowTypeImports: true,
        message: 'Repositories sit under services: they never call one.',
      },
      noPlugins,
      noRoutes,
      anotherModulesInside,
    ),
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: [
      'apps/api/src/modules/**/*.routes.ts',
      'apps/api/src/modules/**/*.repository.ts',
      'apps/api/src/modules/**/*.test.ts',
    ],
    rules: apiRule(noPlugins, noRoutes, anotherModulesInside),
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '.tsbuild/**',
      '**/node_modules/**',
      'data/**',
      'e2e/.data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Imports resolved as TypeScript does (workspace packages through their `exports`, relative
    // paths, .ts/.tsx), so the rules below see every edge of the graph (STYLE 15, decision 049).
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the plugin reads only .js files when it follows an import.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'tsconfig.json',
            'apps/api/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/shared/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // No module reaches itself again through its imports, across the whole workspace.
      // Type-only imports are left out by the rule: they are erased before anything runs.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Features never import each other, by any path (relative, absolute or aliased); routes
    // (app/) compose them and shared pieces live in components/ or lib/ (STYLE 5).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((feature) => ({
            target: `apps/web/src/features/${feature}`,
            from: 'apps/web/src/features',
            except: [`./${feature}`],
            message:
              'Features must not import other features; compose them in app/routes, or move the shared piece to components/ or lib/.',
          })),
        },
      ],
    },
  },
  {
    // The shared pieces stay below the features: components/, lib/, hooks/ and i18n/ never reach
    // up into a feature or the routes (their tests may render the whole app).
    files: ['apps/web/src/{components,lib,hooks,i18n}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'apps/web/src/{components,lib,hooks,i18n}/**',
              from: ['apps/web/src/features/**', 'apps/web/src/app/**'],
              message: 'Shared web code must not import features or routes; pass what it needs in.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only repositories (and the db layer itself) talk to Drizzle (STYLE 4).
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.repository.ts', 'apps/api/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only *.repository.ts files import Drizzle.',
            },
          ],
        },
      ],
    },
  },
  ...apiLayers,
);
