// What the catalogue benchmarks measure of one CSV import: wall time, and how much the server's
// memory grew (VmRSS of the whole process, worker threads included, sampled from /proc).
import fs from 'node:fs';
import path from 'node:path';
import type { ImportResult } from '@pitstop/core/admin';

/** The resident set of a process in MB, read from /proc (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** Samples a process's RSS every 100 ms until stopped; reports the peak. */
export function sampleRss(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // The process ended; the last peak stands.
    }
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      peak = Math.max(peak, rssMb(pid));
      return peak;
    },
  };
}

/** POSTs a CSV file to /api/parts/import as an admin, streamed from disk, and times it. */
export async function timedImport(options: {
  base: string;
  pid: number;
  token: string;
  file: string;
}): Promise<{ answer: ImportResult; seconds: number; baseline: number; peak: number }> {
  const form = new FormData();
  // A file-backed Blob: fetch streams it from disk.
  form.append('file', await fs.openAsBlob(options.file, { type: 'text/csv' }), path.basename(options.file));
  const baseline = rssMb(options.pid);
  const rss = sampleRss(options.pid);
  const started = performance.now();
  const res = await fetch(`${options.base}/api/parts/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.token}` },
    body: form,
  });
  const answer = (await res.json()) as ImportResult;
  const seconds = (performance.now() - started) / 1000;
  const peak = rss.stop();
  if (!res.ok) throw new Error(`import failed: ${res.status} ${JSON.stringify(answer)}`);
  return { answer, seconds, baseline, peak };
}
