import js from '@eslint/js';
import path from 'node:path';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// style §1: a web domain (features/<area>/<domain>/) imports only itself, its area's root files
// (features/<area>/*.ts[x]) and what lies outside features/; what several domains need moves to components/ or api/
const FEATURES = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}features${path.sep}`;
const featureBoundaries = {
  meta: { type: 'problem', messages: { cross: '{{from}} imports {{to}}: move what both need to components/, api/ or the area root' } },
  create(context) {
    const at = context.filename.indexOf(FEATURES);
    if (at < 0) return {};
    const root = context.filename.slice(0, at + FEATURES.length);
    const [area, domain, ...rest] = context.filename.slice(root.length).split(path.sep);
    if (!rest.length) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), spec);
      if (!target.startsWith(root)) return;
      const [a, d, ...more] = target.slice(root.length).split(path.sep);
      if (a === area && (d === domain || !more.length)) return;
      context.report({ node: node.source, messageId: 'cross', data: { from: `${area}/${domain}`, to: [a, d].join('/') } });
    };
    return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

// style §1: a server domain (modules/<area>/<domain>/) imports another domain only through its index.ts; the area
// root files (modules/<area>/*.ts: people/accounts.ts, money/money.scope.ts …) are kits any domain imports; a table
// file names the tables of its foreign keys directly (the schema graph, db/schema); tests import anything
const MODULES = `${path.sep}apps${path.sep}server${path.sep}src${path.sep}modules${path.sep}`;
const domainBoundaries = {
  meta: { type: 'problem', messages: { cross: "{{from}} imports {{to}}: import {{domain}}'s index.ts (add what it lacks there)" } },
  create(context) {
    const at = context.filename.indexOf(MODULES);
    if (at < 0) return {};
    const root = context.filename.slice(0, at + MODULES.length);
    const [area, domain, ...rest] = context.filename.slice(root.length).split(path.sep);
    if (!rest.length) return {};
    const tables = context.filename.endsWith('.tables.ts');
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), spec);
      if (!target.startsWith(root)) return;
      const [a, d, ...more] = target.slice(root.length).split(path.sep);
      if (!more.length || (a === area && d === domain)) return;
      if (more.length === 1 && (more[0] === 'index' || more[0] === 'index.ts')) return;
      if (tables && more.at(-1).endsWith('.tables')) return;
      const to = [a, d, ...more].join('/');
      context.report({ node, messageId: 'cross', data: { from: `${area}/${domain}`, to, domain: `${a}/${d}` } });
    };
    return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** the repo's own rules */
const leadgrid = { rules: { 'feature-boundaries': featureBoundaries, 'domain-boundaries': domainBoundaries } };

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
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { leadgrid },
    rules: { 'leadgrid/feature-boundaries': 'error' },
  },
  {
    // the rule of style §1: shared building blocks never import a domain
    files: ['apps/web/src/components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/features/**'] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.fixture.ts', '**/*.fixtures.ts'],
    plugins: { leadgrid },
    rules: { 'leadgrid/domain-boundaries': 'error' },
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
