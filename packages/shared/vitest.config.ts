import { defineConfig } from 'vitest/config';

// two workers like the web project: vitest asks projects of one group to share their worker count
export default defineConfig({ test: { name: 'shared', environment: 'node', include: ['src/**/*.test.ts'], maxWorkers: 2 } });
