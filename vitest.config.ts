import fs from 'node:fs';
import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

// API suites run once on PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name,
    root: 'apps/api',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] },
      },
      {
        test: { name: 'scripts', root: 'scripts', include: ['*.test.ts'], environment: 'node' },
      },
      apiProject('api:pglite', 'pglite'),
      ...(withPostgres ? [apiProject('api:postgres', 'postgres')] : []),
      ...(fs.existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
    ],
  },
});
