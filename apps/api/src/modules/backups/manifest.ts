import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { migrationsFolder } from '../../db/client.js';

/** What a backup file says about itself: its first entry, manifest.json. */
export const ManifestSchema = z.object({
  format: z.literal(1),
  app: z.literal('pitstop-parts'),
  appVersion: z.string(),
  /** When the database's snapshot was taken (ISO time). */
  createdAt: z.string(),
  database: z.enum(['pglite', 'postgres']),
  /** The latest migration applied in the snapshot: its tag and its journal time. */
  migration: z.object({ tag: z.string(), when: z.number() }),
  /** Counted inside the snapshot: a restore must show the same. */
  counts: z.object({ parts: z.number(), orders: z.number(), users: z.number() }),
  /** The upload folder's files; not included when uploads live in object storage. */
  uploads: z.object({ included: z.boolean(), files: z.number(), bytes: z.number() }),
  /** The backup_runs row of this backup (restored as done). */
  runId: z.string(),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export const MANIFEST_ENTRY = 'manifest.json';
export const DUMP_ENTRY = { pglite: 'database.pglite.tar.gz', postgres: 'database.pgdump' } as const;
export const UPLOADS_PREFIX = 'uploads/';

/** What the snapshot query reads, in the same transaction as the dump. */
export const SNAPSHOT_QUERY = `select
  (select count(*) from parts)::int as parts,
  (select count(*) from orders)::int as orders,
  (select count(*) from "user")::int as users,
  (select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1)::text as migration`;

export interface SnapshotFacts {
  counts: Manifest['counts'];
  /** The journal time of the latest migration applied. */
  migrationWhen: number;
}

export function snapshotFacts(rows: Record<string, unknown>[]): SnapshotFacts {
  const row = rows[0] ?? {};
  return {
    counts: { parts: Number(row.parts), orders: Number(row.orders), users: Number(row.users) },
    migrationWhen: Number(row.migration),
  };
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations this code knows, oldest first (drizzle's journal). */
export async function codeMigrations(folder = migrationsFolder): Promise<JournalEntry[]> {
  const journal = JSON.parse(await fs.readFile(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

export async function migrationNamed(when: number): Promise<Manifest['migration']> {
  const known = (await codeMigrations()).find((m) => m.when === when);
  return { tag: known?.tag ?? 'unknown', when };
}

/** apps/api/package.json's version; src/ and dist/ are at the same depth. */
export async function appVersion(): Promise<string> {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');
  return (JSON.parse(await fs.readFile(file, 'utf8')) as { version: string }).version;
}
