// ESLint flat config: typescript-eslint's recommended rules over every package, formatting left
// to Prettier. `pnpm lint` runs both with zero warnings allowed.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries } from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/generated/**', '**/dist/**', 'test-results/**', 'bench/results/**', 'coverage/**', '.tools/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'error',
      // A module adds its variables to runtime's `Config` as `interface Config extends WebhooksConfig {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // Tests, tooling and command-line programs print; tests may use loose types for fixtures.
    files: ['**/test/**', 'bench/**', 'scripts/**', 'test/**', '**/cli/**'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Module boundaries: packages/core/module-dependencies.js, enforced.
  ...boundaries,
);
