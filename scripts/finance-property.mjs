#!/usr/bin/env node
// The ledger property test with many sequences, outside CI: `npm run finance:property -- --runs 3000 [--seed 17]`.
// Runs apps/server/src/modules/money/ledger/ledger.property.test.ts (on PostgreSQL when DATABASE_URL is set) and
// prints the line to copy into bench/RESULTS.md; every 100 sequences a progress line goes to
// test-results/finance-property.progress (or --progress <file>).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('runs', '5000'));
const seed = Number(arg('seed', '17'));
if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run finance:property -- --runs <n> [--seed <n>]');
  process.exit(2);
}
const progress = arg('progress', 'test-results/finance-property.progress');
mkdirSync(dirname(progress), { recursive: true });
writeFileSync(progress, '');
const started = Date.now();
const res = spawnSync('npx', ['vitest', 'run', 'apps/server/src/modules/money/ledger/ledger.property.test.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    FINANCE_PROPERTY_RUNS: String(runs),
    FINANCE_PROPERTY_SEED: String(seed),
    FINANCE_PROPERTY_PROGRESS: resolve(progress),
  },
});
const seconds = Math.round((Date.now() - started) / 1000);
const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `\nfinance property: ${runs} sequences, seed ${seed}, ${db}, ${seconds} s: ${res.status === 0 ? 'all invariants held' : 'FAILED'}`,
);
process.exit(res.status ?? 1);
