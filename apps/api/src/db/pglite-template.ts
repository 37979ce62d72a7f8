import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import path from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { remembered } from '../lib/remembered.js';
import { entryTarget, fileSink, readTar } from '../lib/tar.js';

/**
 * A new PGlite database costs seconds before its first query: initdb runs inside WebAssembly,
 * then every migration. A dump of a freshly migrated database, made once per set of migrations
 * (and PGlite version), loads in a fraction of that: the first start of the shop and every API
 * test file on PGlite begin from it. The dump is keyed by the migrations' content, so a new
 * migration makes a new one, and anything the key misses is still applied by the migrator, which
 * runs after every open.
 */

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

/** Where the dumps are kept: the repository's npm cache folder, which a clean install starts without. */
export function templateCacheDir(migrationsFolder: string): string {
  // migrationsFolder is apps/api/drizzle: the repository root is two folders up.
  return path.resolve(migrationsFolder, '../../../node_modules/.cache/pitstop');
}

/** A short key of the migrations' content (and whatever else the dump depends on). */
export async function migrationsKey(migrationsFolder: string, also = ''): Promise<string> {
  const hash = createHash('sha256').update(also);
  const files = (await fs.readdir(migrationsFolder, { recursive: true })).filter((f) =>
    /\.(sql|json)$/.test(f),
  );
  for (const file of files.sort()) {
    hash.update(file).update(await fs.readFile(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

export interface TemplateOptions {
  migrationsFolder: string;
  /** What the database is opened with (extensions, settings), so the dump is made the same way. */
  pgliteOptions: PGliteOptions;
  /** Runs the migrations on the new database. */
  migrate: (client: PGlite) => Promise<void>;
}

/**
 * The file holding the dump for these migrations (a gzipped tar), made if there is none yet;
 * undefined when it cannot be made or kept (a read-only install, say): the caller then creates
 * the database the slow way.
 */
export async function migratedTemplate(opts: TemplateOptions): Promise<string | undefined> {
  // The entry is dist/index.cjs; its package.json names the version (a dump is tied to it).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = await fs.readFile(path.join(path.dirname(entry), '../package.json'), 'utf8');
  const version = (JSON.parse(pkg) as { version: string }).version;
  const file = path.join(
    templateCacheDir(opts.migrationsFolder),
    `pglite-${await migrationsKey(opts.migrationsFolder, `pglite ${version}`)}.tar.gz`,
  );
  if (await fs.stat(file).catch(() => undefined)) return file;

  try {
    const { PGlite: Engine } = await import('@electric-sql/pglite');
    const client = await Engine.create(opts.pgliteOptions);
    let dump: Blob;
    try {
      await opts.migrate(client);
      // Everything on disk, so a database unpacked from the dump has no log to replay.
      await client.exec('checkpoint');
      dump = await client.dumpDataDir('none');
    } finally {
      await client.close();
    }
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Several test workers may make it at once: each writes its own file, the last rename wins.
    const temporary = `${file}.${randomUUID()}.tmp`;
    await fs.writeFile(temporary, await gzip(Buffer.from(await dump.arrayBuffer()), { level: 1 }));
    await fs.rename(temporary, file);
    return file;
  } catch {
    return undefined;
  }
}

/**
 * The dump as PGlite's `loadDataDir` takes it, for a database in memory (the API tests open one
 * per file). Unpacked by node's zlib (a fraction of the time PGlite's own decompression takes),
 * once per process: unpacking took 0.3–0.5 s of every new database, and reading the bytes back
 * out of a Blob (which PGlite does first) as long again, so PGlite is handed the bytes as they
 * are. It only reads them: its memory file system keeps copies of the files. A process that
 * opens such a database keeps the 40 MB; the shop's own database lives on disk and never does.
 */
const unpacked = new Map<string, Promise<ArrayBuffer>>();

export async function templateBlob(file: string): Promise<Blob> {
  const bytes = remembered(
    unpacked,
    file,
    async () => new Uint8Array(await gunzip(await fs.readFile(file))).buffer,
  );
  return new BytesBlob(await bytes);
}

/** A Blob whose bytes are already in memory: PGlite asks for them with arrayBuffer(), and gets them. */
class BytesBlob extends Blob {
  constructor(private readonly content: ArrayBuffer) {
    super([]);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.content);
  }
}

/**
 * Unpacks a dump into a new database folder, streaming (the tar is 40 MB, mostly an empty log
 * segment). PGlite could load it itself, but it unpacks through its WebAssembly memory, which
 * never shrinks again: that would cost the server about 120 MB for as long as it runs. The dump
 * is PGlite's own plain tar of folders and regular files.
 */
export async function unpackTemplate(file: string, dataDir: string): Promise<void> {
  const input = createReadStream(file);
  try {
    await readTar(input.pipe(zlib.createGunzip()), async ({ name, type }) => {
      const target = entryTarget(dataDir, name);
      if (type === 'directory') await fs.mkdir(target, { recursive: true });
      return type === 'file' ? fileSink(target) : undefined;
    });
  } finally {
    input.destroy();
  }
}
