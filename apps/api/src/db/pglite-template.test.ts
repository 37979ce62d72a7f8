import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { unpackTemplate } from './pglite-template.js';

/** A ustar entry as PGlite's dump writes them: a 512-byte header, the body padded to 512. */
function entry(name: string, body: Buffer | 'dir'): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100, 'utf8');
  header.write('0000644\0', 100);
  const size = body === 'dir' ? 0 : body.length;
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write(body === 'dir' ? '5' : '0', 156);
  header.write('ustar\0', 257);
  const padded =
    body === 'dir' ? Buffer.alloc(0) : Buffer.concat([body, Buffer.alloc((512 - (size % 512)) % 512)]);
  return Buffer.concat([header, padded]);
}

const dirs: string[] = [];
async function scratch(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pitstop-template-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

async function dump(entries: Buffer[]): Promise<string> {
  const file = path.join(await scratch(), 'dump.tar.gz');
  await fs.writeFile(file, zlib.gzipSync(Buffer.concat([...entries, Buffer.alloc(1024)])));
  return file;
}

describe('unpacking a database dump', () => {
  it('writes every folder and file with its exact bytes, across many gzip chunks', async () => {
    // Bigger than a stream chunk, and not a multiple of 512.
    const big = Buffer.alloc(200_001, 7);
    big.write('end', 199_998);
    const file = await dump([
      entry('/global', 'dir'),
      entry('/global/1213', Buffer.from('control')),
      entry('/PG_VERSION', Buffer.from('17\n')),
      entry('/base/1/empty', Buffer.alloc(0)),
      entry('/pg_wal/000000010000000000000001', big),
    ]);
    const dataDir = path.join(await scratch(), 'pglite');
    await unpackTemplate(file, dataDir);
    expect(await fs.readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(await fs.readFile(path.join(dataDir, 'global/1213'), 'utf8')).toBe('control');
    expect((await fs.stat(path.join(dataDir, 'base/1/empty'))).size).toBe(0);
    expect((await fs.readFile(path.join(dataDir, 'pg_wal/000000010000000000000001'))).equals(big)).toBe(true);
  });

  it('keeps every name inside the database folder', async () => {
    const parent = await scratch();
    const dataDir = path.join(parent, 'pglite');
    // "/../x" resolves to "/x" first: it lands inside, never beside, the folder.
    await unpackTemplate(await dump([entry('/../outside', Buffer.from('x'))]), dataDir);
    expect(await fs.readFile(path.join(dataDir, 'outside'), 'utf8')).toBe('x');
    await expect(fs.access(path.join(parent, 'outside'))).rejects.toThrow();
  });
});
