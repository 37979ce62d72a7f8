import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { parts } from '../db/schema.js';
import { catalogue } from './catalogue-data.js';
import { insertParts } from './factories.js';

/** Fills an empty catalogue with the demo parts; leaves a catalogue with any part alone. */
export async function seedDemoCatalogue(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(parts);
  if ((row?.n ?? 0) > 0) return 0;
  const inserted = await insertParts(db, catalogue);
  return inserted.length;
}
