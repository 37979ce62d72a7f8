import { spawn } from 'node:child_process';
import os from 'node:os';

/**
 * PostgreSQL's own client programs (pg_dump, pg_restore), from PATH or PG_BIN_DIR. The password
 * goes through the environment, not the command line, where any user of the machine could read it.
 */
export async function runPgTool(
  tool: 'pg_dump' | 'pg_restore',
  url: string,
  args: string[],
  options: { background?: boolean } = {},
): Promise<void> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const bin = process.env.PG_BIN_DIR ? `${process.env.PG_BIN_DIR}/${tool}` : tool;
  const child = spawn(bin, [...args, `--dbname=${target.toString()}`], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // A backup runs beside the shop: its compression gives way to the shop's requests for the CPU.
  if (options.background && child.pid) {
    try {
      os.setPriority(child.pid, 10);
    } catch {
      // Not allowed here: it runs at the shop's priority.
    }
  }
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
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
  if (code !== 0) throw new Error(`${tool} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`);
}
