import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { pacedCopy } from './pg-tools.js';

/** Pushes `chunks` of 64 KiB through `pacedCopy(rate)`; answers the bytes passed and the time taken. */
async function timedCopy(chunks: number, bytesPerSecond: number, hurry?: () => boolean) {
  let received = 0;
  const started = performance.now();
  await pipeline(
    Readable.from(Array.from({ length: chunks }, () => Buffer.alloc(64 * 1024, 7))),
    pacedCopy(bytesPerSecond, hurry),
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

  it('stops pacing once told to hurry (the server is closing and waits for it)', async () => {
    // 640 KiB at 64 KiB/s would take 10 s; told to hurry after 300 ms, every chunk after the one
    // already waiting passes at once.
    const started = performance.now();
    const { received, ms } = await timedCopy(10, 64 * 1024, () => performance.now() - started > 300);
    expect(received).toBe(10 * 64 * 1024);
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(2_000);
  });

  it('passes them at once when unpaced (0)', async () => {
    const { received, ms } = await timedCopy(10, 0);
    expect(received).toBe(10 * 64 * 1024);
    expect(ms).toBeLessThan(250);
  });
});
