import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Tax exemption certificates, kept apart from the public uploads (whose folder is served to
 * anyone at /uploads/): a folder of their own under DATA_DIR that no route serves; only the
 * company's routes and the admins' read a certificate, by its key. Like the uploads folder, it is
 * shared by several processes only as a shared volume.
 */
export interface CertificateStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
}

export const CERTIFICATE_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
} as const;
export type CertificateExtension = keyof typeof CERTIFICATE_TYPES;

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|png|jpg)$/;

export function newCertificateKey(extension: CertificateExtension): string {
  return `${randomUUID()}.${extension}`;
}

export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1) as CertificateExtension;
  return CERTIFICATE_TYPES[extension] ?? 'application/octet-stream';
}

/** What the bytes are, by their first bytes (never by the name or the type the browser sent). */
export function sniffCertificate(bytes: Buffer): CertificateExtension | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return undefined;
}

export function localCertificateStore(dir: string): CertificateStore {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new RangeError(`Not a certificate key: ${JSON.stringify(key)}`);
    return path.join(dir, key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(dir, { recursive: true });
      const temporary = `${file}.${randomUUID()}.part`;
      await fs.writeFile(temporary, bytes, { mode: 0o600 });
      await fs.rename(temporary, file);
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      }
    },
  };
}
