import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Plain tar (POSIX ustar), written and read streaming. A backup is one (any `tar -tf` lists it and
 * `tar -xf` unpacks it by hand), and PGlite's dump of its data folder is another: their entries
 * are regular files and folders with short names, so no package is needed for them.
 */

const BLOCK = 512;

function header(name: string, size: number, mtime: Date, type: 'file' | 'directory' = 'file'): Buffer {
  if (Buffer.byteLength(name) > 100) throw new RangeError(`tar entry name too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  const put = (text: string, at: number, length: number) => block.write(text, at, length, 'utf8');
  const octal = (n: number, length: number) => n.toString(8).padStart(length - 1, '0');
  put(name, 0, 100);
  put(octal(type === 'directory' ? 0o755 : 0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12);
  put('        ', 148, 8); // the checksum counts its own field as spaces
  put(type === 'directory' ? '5' : '0', 156, 1);
  put('ustar\u000000', 257, 8);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${octal(sum, 7)}\u0000`, 148, 8);
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export interface TarWriter {
  addBuffer(name: string, bytes: Buffer): Promise<void>;
  /** Streams a file of the disk in under `name`. */
  addFile(name: string, file: string): Promise<void>;
  /** Ends the archive and closes the file; returns its size in bytes. */
  close(): Promise<number>;
}

/** Tar entries written through `write`: to a file (createTar) or gzipped in pieces (packFolder). */
function tarOnto(write: (chunk: Buffer) => Promise<void>) {
  return {
    async addBuffer(name: string, body: Buffer) {
      await write(header(name, body.length, new Date()));
      await write(body);
      await write(padding(body.length));
    },
    async addFile(name: string, source: string) {
      const stat = await fs.stat(source);
      await write(header(name, stat.size, stat.mtime));
      let written = 0;
      // Big reads: on a busy server every chunk waits its turn behind requests. `end` keeps each
      // read to what is left: PGlite's folder is a thousand small files, each read into 4 MB else.
      const reads =
        stat.size > 0 ? createReadStream(source, { highWaterMark: 4 * 2 ** 20, end: stat.size - 1 }) : [];
      for await (const chunk of reads as AsyncIterable<Buffer>) {
        // A file that grew while read would break the archive: only the size announced goes in.
        const part = chunk.subarray(0, stat.size - written);
        await write(part);
        written += part.length;
      }
      if (written !== stat.size) throw new Error(`${source} shrank while it was backed up`);
      await write(padding(stat.size));
    },
    async addFolder(name: string, mtime: Date) {
      await write(header(`${name}/`, 0, mtime, 'directory'));
    },
    /** The end marker: two empty blocks. */
    end: () => write(Buffer.alloc(BLOCK * 2)),
  };
}

export async function createTar(file: string): Promise<TarWriter> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const out = await fs.open(file, 'w');
  let bytes = 0;
  const tar = tarOnto(async (chunk) => {
    await out.write(chunk);
    bytes += chunk.length;
  });
  return {
    addBuffer: tar.addBuffer,
    addFile: tar.addFile,
    async close() {
      await tar.end();
      await out.sync();
      await out.close();
      return bytes;
    },
  };
}

/**
 * Every subfolder and regular file under `folder`, by name, each folder before what it holds;
 * names relative to `folder`, with `/`.
 */
async function* walkFolder(
  folder: string,
  relative = '',
): AsyncGenerator<{ name: string; isFolder: boolean }> {
  const entries = await fs.readdir(path.join(folder, relative), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      yield { name, isFolder: true };
      yield* walkFolder(folder, name);
    } else if (entry.isFile()) {
      yield { name, isFolder: false };
    }
  }
}

const gzip = promisify(zlib.gzip);

/** How much of the tar is gathered before it is compressed and written: one gzip member each. */
const PIECE = 4 * 2 ** 20;
/** Paced, how long packing rests after each piece, as a multiple of the time the piece took. */
const REST = 3;

/**
 * Packs a folder (its subfolders and regular files, by name order) into a gzipped tar at `out`:
 * PGlite's copy of its data folder in a backup. Read and compressed in 4 MB pieces, each one a
 * gzip member of its own (gunzip reads members one after another), on libuv's threads: the event
 * loop only passes the pieces along, so the shop's requests keep it. While `paced()` says so,
 * after each piece it rests three times as long as the piece took, so the backup takes at most about a quarter of a
 * core. (Resting as long as it worked, the 100,000-part catalogue's backup took 41 s and the
 * shop's list reads lost 28 %.) Answers the file's size.
 */
export async function packFolder(
  folder: string,
  out: string,
  options: { paced: () => boolean },
): Promise<number> {
  const file = await fs.open(out, 'w');
  let bytes = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pendingBytes === 0) return;
    const started = performance.now();
    const packed = await gzip(Buffer.concat(pending, pendingBytes), { level: 1 });
    pending = [];
    pendingBytes = 0;
    await file.write(packed);
    bytes += packed.length;
    if (options.paced())
      await new Promise((resolve) => setTimeout(resolve, REST * (performance.now() - started)));
  };
  const tar = tarOnto(async (chunk) => {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= PIECE) await flush();
  });
  try {
    for await (const { name, isFolder } of walkFolder(folder)) {
      const source = path.join(folder, name);
      if (isFolder) await tar.addFolder(name, (await fs.stat(source)).mtime);
      else await tar.addFile(name, source);
    }
    await tar.end();
    await flush();
    await file.sync();
  } finally {
    await file.close();
  }
  return bytes;
}

/**
 * Copies a folder's subfolders and regular files into `into`: PGlite's data folder, while no
 * statement runs. Each file is copied by the kernel (a clone where the file system can), off the
 * event loop; a file already there is refused, not overwritten. `keep` (by the name relative to
 * `folder`, with `/`) leaves out the files it refuses.
 */
export async function copyFolder(
  folder: string,
  into: string,
  keep: (name: string) => boolean = () => true,
): Promise<void> {
  await fs.mkdir(into, { recursive: true });
  for await (const { name, isFolder } of walkFolder(folder)) {
    if (isFolder) await fs.mkdir(path.join(into, name), { recursive: true });
    else if (keep(name)) {
      const flags = fs.constants.COPYFILE_EXCL | fs.constants.COPYFILE_FICLONE;
      await fs.copyFile(path.join(folder, name), path.join(into, name), flags);
    }
  }
}

export interface TarEntry {
  name: string;
  size: number;
  type: 'file' | 'directory' | 'other';
}

/** Where a file entry's bytes go: a sink, or undefined to skip it (folders have none). */
export type EntryHandler = (entry: TarEntry) => Promise<EntrySink | undefined>;

export interface EntrySink {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
}

/**
 * Reads a tar from start to end, handing each entry to `handler` and each regular file's bytes to
 * the sink it answers. A tar without its end marker, or cut inside an entry, is refused.
 */
export async function readTar(source: string | Readable, handler: EntryHandler): Promise<void> {
  const input =
    typeof source === 'string' ? createReadStream(source, { highWaterMark: 4 * 2 ** 20 }) : source;
  let pending = Buffer.alloc(0);
  let sink: EntrySink | undefined;
  let remaining = 0; // bytes of the current entry still to come
  let skip = 0; // padding after it
  let ended = false;
  for await (const piece of input as AsyncIterable<Buffer>) {
    let chunk = piece;
    while (chunk.length > 0 && !ended) {
      if (remaining > 0) {
        const part = chunk.subarray(0, remaining);
        if (sink) await sink.write(part);
        remaining -= part.length;
        chunk = chunk.subarray(part.length);
        if (remaining === 0 && sink) {
          await sink.end();
          sink = undefined;
        }
        continue;
      }
      if (skip > 0) {
        const n = Math.min(skip, chunk.length);
        skip -= n;
        chunk = chunk.subarray(n);
        continue;
      }
      const need = BLOCK - pending.length;
      pending = Buffer.concat([pending, chunk.subarray(0, need)]);
      chunk = chunk.subarray(need);
      if (pending.length < BLOCK) continue;
      const block = pending;
      pending = Buffer.alloc(0);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const field = (from: number, length: number) =>
        block
          .subarray(from, from + length)
          .toString('utf8')
          .replace(/\0.*$/s, '');
      const name = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
      const size = parseInt(field(124, 12).trim() || '0', 8);
      const type = field(156, 1) || '0';
      skip = (BLOCK - (size % BLOCK)) % BLOCK;
      remaining = size;
      const kind = type === '0' ? 'file' : type === '5' ? 'directory' : 'other';
      const answer = await handler({ name, size, type: kind });
      sink = kind === 'file' ? answer : undefined;
      if (size === 0 && sink) {
        await sink.end();
        sink = undefined;
      }
    }
    if (ended) break;
  }
  if (typeof source === 'string') input.destroy();
  if (remaining > 0 || sink) throw new Error('the tar ends in the middle of an entry: it is cut short');
  if (!ended) throw new Error('the tar has no end marker: it is cut short');
}

/** A sink writing to a new file (its folder made if missing). */
export async function fileSink(file: string): Promise<EntrySink> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const out = await fs.open(file, 'w');
  return {
    write: async (chunk) => {
      await out.write(chunk);
    },
    end: () => out.close(),
  };
}

/**
 * Where an entry named inside a tar lands under `root`; refused when the name would climb out of
 * it (`../`, an absolute name), as a hostile or damaged file might ask.
 */
export function entryTarget(root: string, name: string): string {
  const base = path.resolve(root);
  const target = path.resolve(base, `.${path.posix.resolve('/', name)}`);
  if (target !== base && !target.startsWith(base + path.sep)) {
    throw new Error(`unsafe name in the tar: ${name}`);
  }
  return target;
}

/** A sink keeping the bytes in memory (the manifest). */
export function bufferSink(done: (bytes: Buffer) => void): EntrySink {
  const chunks: Buffer[] = [];
  return {
    write: async (chunk) => {
      chunks.push(Buffer.from(chunk));
    },
    end: async () => done(Buffer.concat(chunks)),
  };
}
