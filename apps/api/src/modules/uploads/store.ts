import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded pictures are kept, by name: the last segment of their /uploads/ address. The
 * shop stores them in a local folder; object storage (S3 and the like) plugs in by implementing
 * this and passing it to buildApp (docs/decisions/018-upload-storage.md). Names are content
 * hashes, so a name always means the same bytes: nothing is ever overwritten with other bytes,
 * listed or deleted.
 */
export interface UploadStore {
  /** Whether a file of this name is stored (and readable in full). */
  has(name: string): Promise<boolean>;
  /** Stores the bytes under the name; readers see either nothing or the whole file. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored file, or undefined when there is none. */
  get(name: string): Promise<StoredUpload | undefined>;
  /**
   * Set when the files are a folder on this machine: the app then serves them with
   * @fastify/static (ETag, ranges) and the catalogue import's worker thread checks them there.
   */
  readonly directory?: string;
}

export interface StoredUpload {
  body: Readable | Buffer;
  /** In bytes. */
  size: number;
  contentType: string;
}

/**
 * The names POST /api/uploads gives (see @pitstop/core/images): `<sha256>-<w>x<h>.webp`, its
 * copies `<sha256>-<w>w.webp`, and `<sha256>.webp` from before the copies. Nothing else is a name,
 * so no name can leave the store's folder.
 */
const UPLOAD_NAME =
  // eslint-disable-next-line security/detect-unsafe-regex -- anchored, every repeat bounded: linear time
  /^[a-f0-9]{64}(?:-[1-9][0-9]{0,4}(?:x[1-9][0-9]{0,4}|w))?\.webp$/;

export function isUploadName(name: string): boolean {
  return UPLOAD_NAME.test(name);
}

/** For stores to call first: an unexpected name is a bug in the caller, never a lookup. */
export function assertUploadName(name: string): void {
  if (!isUploadName(name)) throw new RangeError(`Not an upload name: ${JSON.stringify(name)}`);
}

/** The stored name an /uploads/ address refers to, or undefined when it is not one. */
export function uploadNameOf(url: string): string | undefined {
  if (!url.startsWith('/uploads/')) return undefined;
  const name = url.slice('/uploads/'.length);
  return isUploadName(name) ? name : undefined;
}

const WEBP = 'image/webp';

/**
 * The default: files in `dir` (DATA_DIR/uploads), named as their addresses. Several processes
 * can share it only when it is a shared volume.
 */
export function localUploadStore(dir: string): UploadStore {
  const fileOf = (name: string) => {
    assertUploadName(name);
    return path.join(dir, name);
  };
  return {
    directory: dir,
    async has(name) {
      return fs.access(fileOf(name)).then(
        () => true,
        () => false,
      );
    },
    async put(name, bytes) {
      // Every name ends in .webp, which is how the content type is known again when served.
      const file = fileOf(name);
      await fs.mkdir(dir, { recursive: true });
      // A temporary name and a rename, so a reader never sees half a file.
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        await fs.writeFile(temporary, bytes);
        await fs.rename(temporary, file);
      } catch (err) {
        await fs.rm(temporary, { force: true });
        throw err;
      }
    },
    async get(name) {
      const file = fileOf(name);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (err) {
        if ((err as { code?: unknown }).code === 'ENOENT') return undefined;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size, contentType: WEBP };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
  };
}
