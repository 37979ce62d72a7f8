import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { pacedCopy } from './pg-tools.js';

/** Pushes `chunks` of 64 KiB through `pacedCopy(rate)`; answers the bytes passed and the time taken. */
async function timedCopy(chunks: number, bytesPerSecond: number) {
  let received = 0;
  const started = performance.now();
  await pipeline(
    Readable.from(Array.from({ length: chunks }, () => Buffer.alloc(64 * 1024, 7))),
    pacedCopy(bytesPerSecond),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done();
      },
    }),
  );
  return { received, ms: performance.now() - started };
}

describe('a paced copy (the PostgreSQL dump at BACKUP_MAX_MB_PER_SECOND)', () => {
  it('passes every byte no faster than its pace', async () => {
    // 640 KiB at 2 MiB/s: at least 312 ms (the last chunk is let through when it is due).
    const { received, ms } = await timedCopy(10, 2 * 2 ** 20);
    expect(received).toBe(10 * 64 * 1024);
    expect(ms).toBeGreaterThanOrEqual(300);
  });

  it('passes them at once when unpaced (0)', async () => {
    const { received, ms } = await timedCopy(10, 0);
    expect(received).toBe(10 * 64 * 1024);
    expect(ms).toBeLessThan(250);
  });
});
