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
    // Suites that do not use the project's database run once: the server-process tests start
    // their own PGlite servers, and the PGlite file copy test opens its own (PGlite project); the
    // outage test makes its own PostgreSQL database and the Redis tests do not depend on the
    // database (PostgreSQL project, when there is one).
    exclude:
      db === 'postgres'
        ? ['src/server.test.ts', 'src/db/pglite-copy.test.ts']
        : withPostgres
          ? ['src/modules/health/postgres-outage.test.ts', 'src/lib/cache-bus.test.ts']
          : [],
    environment: 'node',
    // Files share a worker's modules instead of importing the whole API again each: every file
    // builds its own app on its own database, and nothing a file changes outlives it (timers and
    // spies are restored). Importing was about a third of the suite's time on two cores.
    isolate: false,
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default on two cores is one file at a time; many API files spend part of their
    // time waiting (servers starting, time limits under test), so two at a time finish the suite
    // in about three quarters of the time.
    maxWorkers: 2,
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
