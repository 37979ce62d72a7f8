import pg from 'pg';

/** The benchmarks' PostgreSQL server: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local one. */
export const benchServerUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

/**
 * A throw-away database on the benchmark's PostgreSQL server, created empty (a leftover of an
 * interrupted run with the same name is dropped first) and dropped again by `drop()`.
 */
export async function scratchDatabase(
  name: string,
  serverUrl = benchServerUrl,
): Promise<{ url: string; drop(): Promise<void> }> {
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
