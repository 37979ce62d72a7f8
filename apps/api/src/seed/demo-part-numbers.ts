import { inArray, sql } from 'drizzle-orm';
import type { PartNumberKind } from '@pitstop/core/part-numbers';
import type { Db } from '../db/client.js';
import { partNumbers, parts } from '../db/schema.js';

/*
 * The demo catalogue's other numbers (issue #29), so `npm start` shows the search by any number,
 * the part page's "OEM numbers", "Also fits as" and "Replaces", and the admin form's numbers.
 * Shaped like the real thing (Hero's parts carry the Honda numbers they began as; aftermarket
 * pads, chains and filters list their catalogue numbers), but made up: check a real part's
 * numbers with its maker. The brands named are free text (a competitor need not be one of the
 * shop's brands), so the demo adds no brands: an admin adds EBC under Brands to sell its parts.
 */

type DemoNumbers = Partial<Record<PartNumberKind, string[]>>;

/** Demo part number → its numbers, each "Brand:Number" (a supersession may leave the brand out). */
const DEMO_NUMBERS: Record<string, DemoNumbers> = {
  'B7B-H4300-00': {
    oem: ['Yamaha:B7B-H4300-01'],
    interchange: ['Lumax:LMX-7312'],
    supersedes: ['4C8-84310-00', 'Yamaha:2PK-H4300-00'],
  },
  '59100-46K00': {
    oem: ['Suzuki:59100-46K10'],
    interchange: ['EBC:FA196HH', 'Vesrah:SD-950'],
    supersedes: ['Suzuki:59100-46J00'],
  },
  'B1A-F5805-00': {
    interchange: ['EBC:FA185', 'Brembo:07YA23SA'],
    supersedes: ['Yamaha:21C-F5805-00'],
  },
  'B04-F5805-00': { oem: ['Yamaha:1WD-F5805-00'], interchange: ['EBC:FA252HH', 'SBS:845HF'] },
  '06455-MJE-D01': {
    oem: ['Honda:06455-MJE-D02'],
    interchange: ['EBC:FA390HH', 'Brembo:07HO50SA'],
    supersedes: ['Honda:06455-MGZ-J01'],
  },
  '06455-AAK-000S': { oem: ['Honda:06455-KWN-901'], interchange: ['EBC:FA375'] },
  JF591101: { interchange: ['EBC:FA347', 'Vesrah:SD-955'] },
  N9140370: { interchange: ['EBC:FA229'], supersedes: ['N9140360'] },
  'B7B-W5400-00': { oem: ['Yamaha:B7B-W5400-10'], interchange: ['DID:428HD-132', 'RK:428XSO-132'] },
  '27000-46K00': { interchange: ['DID:520VX3-112', 'JT Sprockets:JTR1334.42'] },
  N9180730: { interchange: ['DID:428NZ-130'] },
  '06406-K23-D01': { interchange: ['DID:428HD-118'] },
  '06406-KVA-900S': { oem: ['Honda:06406-KVA-900'], interchange: ['DID:428HD-116'] },
  '1WD-E3440-00': {
    oem: ['Yamaha:5GH-13440-50'],
    interchange: ['K&N:KN-204', 'HiFlo:HF204'],
    supersedes: ['Yamaha:5GH-13440-30'],
  },
  '16510-24H00': {
    oem: ['Suzuki:16510-07J00'],
    interchange: ['K&N:KN-138', 'HiFlo:HF138'],
    supersedes: ['Suzuki:16510-03G00'],
  },
  JF561060: { interchange: ['HiFlo:HF655'] },
  'B8C-E4450-00': { interchange: ['K&N:YA-1217'] },
  '17210-K0L-D01': { interchange: ['K&N:HA-1009'], supersedes: ['Honda:17210-K0L-D00'] },
  '17210-KTE-900S': { oem: ['Honda:17210-KTE-900'] },
  '13780-08K00': { interchange: ['K&N:SU-1225'] },
  N2140550: { oem: ['BMW:13718556429'], interchange: ['K&N:BM-3117'] },
  'B7B-E6321-00': { interchange: ['EBC:CK2359', 'Barnett:302-90-10001'] },
  '21441-27G00': { interchange: ['EBC:CK3390'] },
  '52400-KVA-900S': { oem: ['Honda:52400-KVA-900'], interchange: ['Gabriel:G23476'] },
  'BKA-F2210-00': { interchange: ['YSS:MZ456-305TRL-01'] },
  '33100-KVA-900S': { oem: ['Honda:33100-KVA-901'], interchange: ['Lumax:LMX-3310'] },
  N6120210: { interchange: ['Lumax:LMX-7120'] },
  '88110-AAW-000S': { interchange: ['Rizoma:BS294B'] },
};

export function demoPartNumbers(): {
  partNumber: string;
  kind: PartNumberKind;
  brand: string | null;
  number: string;
  position: number;
}[] {
  return Object.entries(DEMO_NUMBERS).flatMap(([partNumber, numbers]) =>
    (['oem', 'interchange', 'supersedes'] as const)
      .flatMap((kind) =>
        (numbers[kind] ?? []).map((entry) => {
          const at = entry.indexOf(':');
          return at < 0
            ? { kind, brand: null, number: entry }
            : { kind, brand: entry.slice(0, at), number: entry.slice(at + 1) };
        }),
      )
      .map((n, position) => ({ partNumber, ...n, position })),
  );
}

/**
 * Gives the demo parts their numbers when the shop has no numbers at all (a fresh demo, or one from before numbers existed); leaves any other shop
 * alone. Answers how many numbers it added.
 */
export async function seedDemoPartNumbers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(partNumbers);
  if ((row?.n ?? 0) > 0) return 0;
  const wanted = demoPartNumbers();
  const found = await db
    .select({ id: parts.id, partNumber: parts.partNumber })
    .from(parts)
    .where(inArray(parts.partNumber, [...new Set(wanted.map((n) => n.partNumber))]));
  const idOf = new Map(found.map((p) => [p.partNumber, p.id]));
  const rows = wanted.flatMap(({ partNumber, ...n }) => {
    const partId = idOf.get(partNumber);
    return partId ? [{ partId, ...n }] : [];
  });
  if (rows.length === 0) return 0;
  await db.insert(partNumbers).values(rows);
  return rows.length;
}
