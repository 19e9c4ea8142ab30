import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
);
