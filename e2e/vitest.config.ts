import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.spec.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server, one browser per file; two files at a time fits two cores.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
