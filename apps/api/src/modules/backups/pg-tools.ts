import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Passes bytes on no faster than `bytesPerSecond` (0: at once). Holding a chunk back stops the
 * reads from the program's stdout, so the program itself (and the database backend writing to it)
 * waits instead of working: the pace bounds the CPU the dump takes, not just the disk writes.
 * Once `hurry()` answers true (the server is closing and waits for the backup), at once.
 */
export function pacedCopy(bytesPerSecond: number, hurry: () => boolean = () => false): Transform {
  const started = performance.now();
  let passed = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      passed += chunk.length;
      const wait =
        bytesPerSecond > 0 && !hurry() ? started + (passed / bytesPerSecond) * 1000 - performance.now() : 0;
      if (wait <= 0) done(null, chunk);
      else setTimeout(() => done(null, chunk), wait);
    },
  });
}

/**
 * PostgreSQL's own client programs (pg_dump, pg_restore), from PATH or PG_BIN_DIR. The password
 * goes through the environment, not the command line, where any user of the machine could read it.
 */
export async function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  url: string,
  args: string[],
  options: {
    background?: boolean;
    /** Where the program's stdout goes, at most this fast (0: unpaced); unset: ignored. */
    output?: { file: string; maxBytesPerSecond: number; hurry?: () => boolean };
  } = {},
): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const bin = process.env.PG_BIN_DIR ? `${process.env.PG_BIN_DIR}/${tool}` : tool;
  const child = spawn(bin, [...args, `--dbname=${target.toString()}`], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', options.output ? 'pipe' : 'ignore', 'pipe'],
  });
  const written =
    options.output && child.stdout
      ? pipeline(
          child.stdout,
          pacedCopy(options.output.maxBytesPerSecond, options.output.hurry),
          createWriteStream(options.output.file),
        )
      : Promise.resolve();
  // A failed write ends the program (it gets EPIPE) and is reported below, with its exit.
  const writeFailure = written.then(
    () => undefined,
    (err: unknown) => {
      child.kill();
      return err;
    },
  );
  // A backup runs beside the shop: its compression gives way to the shop's requests for the CPU.
  if (options.background && child.pid) {
    try {
      os.setPriority(child.pid, 10);
    } catch {
      // Not allowed here: it runs at the shop's priority.
    }
  }
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    if (stderr.length < 10_000) stderr += d.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(
              `${tool} was not found: install PostgreSQL's client programs (the server's version or newer), or set PG_BIN_DIR`,
            )
          : err,
      ),
    );
    child.once('close', resolve);
  });
  const failedWrite = await writeFailure;
  if (code !== 0) throw new Error(`${tool} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`);
  if (failedWrite) throw failedWrite;
}
