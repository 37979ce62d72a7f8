import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.spec.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    // Pages answer in well under a second alone, but two suites share two cores with the server
    // and Chromium: polls wait up to 10 s (the page actions' own limit) before failing.
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 120_000,
    // One server, one browser per file; two files at a time fits two cores.
    maxWorkers: 2,
    fileParallelism: true,
    // A worker imports Playwright, axe and the fixtures once, not once per file (about a second
    // of each file on two busy cores); each file still runs afresh with its own browser.
    isolate: false,
  },
});
