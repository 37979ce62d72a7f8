import fs from 'node:fs/promises';
import path from 'node:path';

export interface DataDirLock {
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes on one folder silently lose writes.
 * An exclusive lock file (created with O_EXCL) holding our pid keeps a second one out; a lock
 * left by a process that no longer runs is taken over.
 */
export async function acquireDataDirLock(dir: string): Promise<DataDirLock> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, 'pitstop.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await fs.open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      let released = false;
      return {
        release: async () => {
          if (released) return;
          released = true;
          await fs.rm(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(await fs.readFile(file, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(owner) && owner > 0 && (owner === process.pid || isAlive(owner))) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another Pitstop process (pid ${owner}). ` +
            'Stop it first, or set DATA_DIR to another folder.',
        );
      }
      // Stale lock from a process that died: remove it and try again.
      await fs.rm(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}.`);
}
