import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { parts } from '../db/schema.js';
import { catalogue } from './catalogue-data.js';
import { seedDemoPartNumbers } from './demo-part-numbers.js';
import { insertParts } from './factories.js';

/**
 * Fills an empty catalogue with the demo parts; leaves a catalogue with any part alone. The demo
 * parts' OEM, interchange and superseded numbers follow when the shop has none yet.
 */
export async function seedDemoCatalogue(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(parts);
  const inserted = (row?.n ?? 0) > 0 ? 0 : (await insertParts(db, catalogue)).length;
  await seedDemoPartNumbers(db);
  return inserted;
}
