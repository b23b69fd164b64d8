import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
      'bench/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'off',
    },
  },
  {
    files: ['scripts/**/*.mjs', '**/*.config.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // the rule of style §1: shared building blocks never import a domain
    files: ['apps/web/src/components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/features/**'] }] },
  },
  {
    files: ['apps/server/src/http/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/modules/**'] }] },
  },
  {
    // style §1: packages/shared imports nothing of the apps (import circles: `npm run check:circles`, docs/decisions/platform.md "Structure")
    files: ['packages/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/apps/**', '@leadgrid/server', '@leadgrid/server/**', '@leadgrid/web', '@leadgrid/web/**'] },
      ],
    },
  },
);
