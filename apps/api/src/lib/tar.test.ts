import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackTemplate } from '../db/pglite-template.js';
import { copyFolder, packFolder } from './tar.js';

/** Every folder and file under `root`, with each file's bytes, by relative name. */
async function tree(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (relative: string) => {
    for (const entry of await fs.readdir(path.join(root, relative), { withFileTypes: true })) {
      const name = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) {
        out[`${name}/`] = 'folder';
        await walk(name);
      } else {
        out[name] = (await fs.readFile(path.join(root, name))).toString('base64');
      }
    }
  };
  await walk('');
  return out;
}

describe('a data folder copied, packed and unpacked (PGlite in a backup)', () => {
  let work: string;
  beforeAll(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-tar-'));
    const source = path.join(work, 'source');
    // Empty folders (PostgreSQL needs pg_notify and the like to exist), an empty file, a file
    // larger than one packed piece (4 MB: several gzip members) and one not a multiple of 512.
    await fs.mkdir(path.join(source, 'base/1'), { recursive: true });
    await fs.mkdir(path.join(source, 'pg_notify'));
    await fs.mkdir(path.join(source, 'pg_logical/snapshots'), { recursive: true });
    await fs.writeFile(path.join(source, 'PG_VERSION'), '17\n');
    await fs.writeFile(path.join(source, 'postmaster.opts'), '');
    await fs.writeFile(path.join(source, 'base/1/1247'), randomBytes(9 * 2 ** 20 + 123));
    await fs.writeFile(path.join(source, 'base/1/1247_fsm'), Buffer.alloc(24_576, 7));
  });
  afterAll(async () => {
    await fs.rm(work, { recursive: true, force: true });
  });

  it('gives back every folder and file, byte for byte, paced or not', async () => {
    const source = path.join(work, 'source');
    const before = await tree(source);
    expect(Object.keys(before)).toContain('pg_notify/');

    await copyFolder(source, path.join(work, 'copy'));
    expect(await tree(path.join(work, 'copy'))).toEqual(before);

    for (const paced of [false, true]) {
      const out = path.join(work, `packed-${paced}.tar.gz`);
      const bytes = await packFolder(path.join(work, 'copy'), out, { paced: () => paced });
      expect(bytes).toBe((await fs.stat(out)).size);
      const into = path.join(work, `unpacked-${paced}`);
      // As the restore unpacks it.
      await unpackTemplate(out, into);
      expect(await tree(into)).toEqual(before);
    }
  });

  it('refuses to copy into a folder that holds the same names', async () => {
    // The backup copies into a new folder of its own; a leftover one is not silently mixed in.
    await fs.mkdir(path.join(work, 'taken'), { recursive: true });
    await fs.writeFile(path.join(work, 'taken/PG_VERSION'), 'old');
    await expect(copyFolder(path.join(work, 'source'), path.join(work, 'taken'))).rejects.toThrow(/EEXIST/);
  });
});
