import http from 'node:http';

/**
 * A closed-loop load runner for benchmarks that need percentiles autocannon does not give (p95)
 * and a different URL on every request: `clients` loops each send the next URL as soon as the
 * previous answer is read, for `seconds`.
 *
 * Each client keeps one connection (node:http with keep-alive, as autocannon does) and asks for
 * gzip as a browser does, reading the compressed bytes without unpacking them: the load runs on
 * the same two cores as the server, so the runner spends as little of them as it can. (fetch
 * cost about as much CPU per request as the server's answer itself, and unpacked every body.)
 */
export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export async function runLoad(options: {
  clients: number;
  seconds: number;
  /** The i-th request's URL (every client draws from one counter). */
  url: (i: number) => string;
  /** Sent with every request (a signed-in user's Authorization). */
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const until = performance.now() + options.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (performance.now() < until) {
        const url = options.url(next++);
        const t0 = performance.now();
        try {
          const status = await get(url, agent, options.headers);
          if (status < 200 || status >= 300) errors++;
          latencies.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: Math.round(latencies.length / elapsed),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** GET url on the agent's connections; settles with the status once the whole body is read. */
function get(url: string, agent: http.Agent, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { 'accept-encoding': 'gzip', ...headers } }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
