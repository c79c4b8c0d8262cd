import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The house plan, one way down: http → use-cases → domain/store. Each service's folder is
// checked by import paths (ESLint's own no-restricted-imports, no resolver needed: every import
// here is a relative path or a package name). A file is in one layer, so each block below names
// everything its layer may not import (flat config replaces a rule's options, it never merges them).
const layer = (...folders) => ({
  regex: `(^|/)(${folders.join('|')})/`,
  message: `this layer does not import from ${folders.join('/, ')}/ (docs/architecture.md)`,
});
const fromKit = (names, why) =>
  ['@boardsync/kit', '@boardsync/kit/core', '@boardsync/kit/database'].map((name) => ({ name, importNames: names, message: why }));
const koa = { regex: '^(koa|koa-body|@koa/router)$', message: 'only http/ speaks HTTP' };
const SERVICES = 'services/{auth,gateway,catalog,asset,webhook}/src';
const restrict = (paths, patterns) => ['error', { paths, patterns }];
const layerRules = [
  {
    files: [`${SERVICES}/domain/**/*.ts`],
    rules: {
      'no-restricted-imports': restrict(fromKit(['Problem'], 'domain/ states rules, not HTTP answers: the use case turns a broken rule into a Problem'), [
        layer('store', 'http', 'use-cases', 'events'),
        { regex: '^@mikro-orm/', message: 'domain/ has no I/O and knows no ORM entities' },
        koa,
      ]),
    },
  },
  {
    files: [`${SERVICES}/store/**/*.ts`],
    rules: {
      'no-restricted-imports': restrict(
        fromKit(['Problem', 'enqueueEvents'], 'repositories only persist: the use case decides the HTTP answer and enqueues the events'),
        [layer('http', 'use-cases', 'events'), koa],
      ),
    },
  },
  {
    files: [`${SERVICES}/use-cases/**/*.ts`],
    rules: { 'no-restricted-imports': restrict([], [layer('http', 'delivery', 'workers'), koa]) },
  },
  {
    // Everything else but http/ itself and the wiring file: nothing reaches into http/.
    files: [`${SERVICES}/**/*.ts`],
    ignores: [`${SERVICES}/{domain,store,use-cases,http}/**`, `${SERVICES}/service.ts`],
    rules: { 'no-restricted-imports': restrict([], [layer('http')]) },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '.cache/**',
      '.data/**',
      '.data-cluster/**',
      '**/*.gen.ts',
      'services/kit/src/proto/**',
      'services/gateway/contract/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
    },
  },
  ...layerRules,
  {
    files: ['**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', __dirname: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
