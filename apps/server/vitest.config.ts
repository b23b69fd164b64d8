import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is single-threaded WASM: two workers keep both cores busy without thrashing
    maxWorkers: 2,
    // a project with its own maxWorkers needs its own group: the database suites run after the pure ones
    sequence: { groupOrder: 1 },
  },
});
