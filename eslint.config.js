import { readdirSync } from 'node:fs';
import js from '@eslint/js';
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
    // Features never import each other; routes (app/) compose them (STYLE 5).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/*', '@/features/*'],
              message: 'Features must not import other features; compose them in app/routes.',
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
