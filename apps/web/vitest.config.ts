import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // antd renders slowly in jsdom (first render of a Table takes seconds)
    testTimeout: 60_000,
    // vitest's default is one worker less than the cores, so one on a 2-core machine; the files are CPU-bound in
    // jsdom and two workers take 440 s where one took 670 s
    maxWorkers: 2,
  },
});
