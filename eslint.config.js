import js from '@eslint/js';
import tseslint from 'typescript-eslint';

import { FLOOR_BANS, SERVICE_FLOORS, floorIndex } from './scripts/architecture/floor-plan.ts';

// The named imports a floor may not use (scripts/architecture/floor-plan.ts, FLOOR_BANS), as ESLint's
// own no-restricted-imports; which folder may import which is dependency-cruiser's
// (.dependency-cruiser.mjs). A file gets one rule entry listing every ban of its floor (flat config
// replaces a rule's options, it never merges them).
const KIT_ENTRY_POINTS = ['@boardsync/kit', '@boardsync/kit/core', '@boardsync/kit/database'];
function bansOf(floor) {
  const applying = FLOOR_BANS.filter((ban) => floorIndex(floor) < floorIndex(ban.below));
  const paths = applying.flatMap((ban) => (ban.names ? KIT_ENTRY_POINTS.map((name) => ({ name, importNames: [...ban.names], message: ban.why })) : []));
  const patterns = applying.flatMap((ban) => (ban.packages ? [{ regex: ban.packages.source, message: ban.why }] : []));
  return { paths, patterns };
}
const layerRules = Object.entries(SERVICE_FLOORS).flatMap(([service, entries]) =>
  Object.entries(entries).flatMap(([entry, floor]) => {
    const { paths, patterns } = bansOf(floor);
    if (paths.length === 0 && patterns.length === 0) return [];
    const files = entry.endsWith('.ts') ? [`services/${service}/src/${entry}`] : [`services/${service}/src/${entry}/**/*.ts`];
    return [{ files, ignores: ['**/__tests__/**'], rules: { 'no-restricted-imports': ['error', { paths, patterns }] } }];
  }),
);

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
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', __dirname: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
