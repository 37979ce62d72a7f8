// What the catalogue benchmarks measure of one CSV import: wall time, and how much the server's
// memory grew (VmRSS of the whole process, worker threads included, sampled from /proc).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { CatalogueImportResult } from '@pitstop/core/catalogue-io';

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

/**
 * POSTs a CSV file to /api/parts/import as an admin, streamed from disk, and times it. The
 * generated catalogue names aftermarket brands (EBC, K&N…) a fresh shop does not have, so the
 * import is asked to create missing brands.
 */
export async function timedImport(options: {
  base: string;
  pid: number;
  token: string;
  file: string;
}): Promise<{ answer: CatalogueImportResult; seconds: number; baseline: number; peak: number }> {
  const form = new FormData();
  // A file-backed Blob: fetch streams it from disk.
  form.append('file', await fs.openAsBlob(options.file, { type: 'text/csv' }), path.basename(options.file));
  const baseline = rssMb(options.pid);
  const rss = sampleRss(options.pid);
  const started = performance.now();
  // Through node:http, not fetch: fetch gives up on an answer that takes more than 300 s to
  // start, which an import of 100,000 rows on a loaded machine can (the answer comes at the end).
  const encoded = new Response(form);
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(`${options.base}/api/parts/import?createMissingBrands=true`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.token}`,
        'content-type': encoded.headers.get('content-type') ?? 'multipart/form-data',
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    Readable.fromWeb(encoded.body! as never).pipe(req);
  });
  const answer = JSON.parse(text) as CatalogueImportResult;
  const seconds = (performance.now() - started) / 1000;
  const peak = rss.stop();
  if (status < 200 || status >= 300) throw new Error(`import failed: ${status} ${text}`);
  return { answer, seconds, baseline, peak };
}
