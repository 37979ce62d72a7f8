/**
 * A closed-loop load runner for benchmarks that need percentiles autocannon does not give (p95)
 * and a different URL on every request: `clients` loops each send the next URL as soon as the
 * previous answer is read, for `seconds`.
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
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const until = performance.now() + options.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (performance.now() < until) {
        const url = options.url(next++);
        const t0 = performance.now();
        try {
          const res = await fetch(url);
          await res.arrayBuffer();
          if (!res.ok) errors++;
          latencies.push(performance.now() - t0);
        } catch {
          errors++;
        }
      }
    }),
  );
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
