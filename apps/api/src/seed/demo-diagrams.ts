import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { assemblies, assemblyCallouts, calloutParts, parts } from '../db/schema.js';

/**
 * The demo bikes' parts diagrams (issue #29), so `npm start` shows the feature: a few assemblies
 * per bike, each drawn like the demo parts' illustrations (apps/web/public/images/diagrams/*.svg,
 * WebP renditions made by `npm run render:illustrations`), with callouts on the drawing's leader
 * lines naming demo parts that fit the bike.
 */

/** Where each drawing's leader lines end, as fractions of the picture (640 × 480 drawings). */
const LEADERS = {
  'front-brake-caliper': { pads: [371 / 640, 88 / 480] },
  'drive-chain': { chain: [301 / 640, 62 / 480] },
  'rear-suspension': { shock: [560 / 640, 200 / 480] },
  'crankcase-cover': { clutch: [585 / 640, 50 / 480], filter: [590 / 640, 440 / 480] },
  mirrors: { mirror: [110 / 640, 60 / 480], barEnd: [80 / 640, 300 / 480] },
  headlight: { unit: [380 / 640, 50 / 480] },
} as const satisfies Record<string, Record<string, readonly [number, number]>>;
type Drawing = keyof typeof LEADERS;

interface DemoCallout {
  at: readonly [number, number];
  partNumber: string;
  quantity?: number;
  note?: string;
}

interface DemoAssembly {
  name: string;
  drawing: Drawing;
  callouts: DemoCallout[];
}

const caliper = (pads: string): DemoAssembly => ({
  name: 'Front brake caliper',
  drawing: 'front-brake-caliper',
  callouts: [{ at: LEADERS['front-brake-caliper'].pads, partNumber: pads, note: 'One set per caliper' }],
});
const chain = (kit: string): DemoAssembly => ({
  name: 'Drive chain',
  drawing: 'drive-chain',
  callouts: [
    { at: LEADERS['drive-chain'].chain, partNumber: kit, note: 'Chain with front and rear sprockets' },
  ],
});
const suspension = (shock: string, note?: string): DemoAssembly => ({
  name: 'Rear suspension',
  drawing: 'rear-suspension',
  callouts: [{ at: LEADERS['rear-suspension'].shock, partNumber: shock, ...(note ? { note } : {}) }],
});
const headlight = (unit: string): DemoAssembly => ({
  name: 'Headlight',
  drawing: 'headlight',
  callouts: [{ at: LEADERS.headlight.unit, partNumber: unit }],
});
const clutch = (plates: string, filter?: string): DemoAssembly => ({
  name: filter ? 'Clutch and oil filter' : 'Clutch',
  drawing: 'crankcase-cover',
  callouts: [
    { at: LEADERS['crankcase-cover'].clutch, partNumber: plates, note: 'Friction and steel plates' },
    ...(filter ? [{ at: LEADERS['crankcase-cover'].filter, partNumber: filter }] : []),
  ],
});

const BIKES: { make: string; model: string; yearFrom: number; yearTo: number; assemblies: DemoAssembly[] }[] =
  [
    {
      make: 'Yamaha',
      model: 'MT-15',
      yearFrom: 2019,
      yearTo: 2025,
      assemblies: [
        caliper('B1A-F5805-00'),
        chain('B7B-W5400-00'),
        clutch('B7B-E6321-00', '1WD-E3440-00'),
        suspension('BKA-F2210-00'),
        {
          name: 'Mirrors',
          drawing: 'mirrors',
          callouts: [
            { at: LEADERS.mirrors.mirror, partNumber: 'BKA-F6280-00', note: 'Left and right' },
            { at: LEADERS.mirrors.barEnd, partNumber: 'YME-BEMIR-00-00', note: 'Bar-end alternative' },
          ],
        },
      ],
    },
    {
      make: 'Yamaha',
      model: 'YZF-R15 V4',
      yearFrom: 2021,
      yearTo: 2025,
      assemblies: [
        headlight('B7B-H4300-00'),
        chain('B7B-W5400-00'),
        clutch('B7B-E6321-00', '1WD-E3440-00'),
        suspension('BKA-F2210-00'),
      ],
    },
    {
      make: 'TVS',
      model: 'Apache RTR 160 4V',
      yearFrom: 2018,
      yearTo: 2025,
      // The LED headlamp fits from 2021: the earlier years' diagram shows it as not fitting.
      assemblies: [caliper('N9140370'), headlight('N6120455'), chain('N9180730'), clutch('N1210530')],
    },
    {
      make: 'Hero',
      model: 'Splendor Plus',
      yearFrom: 2011,
      yearTo: 2025,
      assemblies: [
        headlight('33100-KVA-900S'),
        chain('06406-KVA-900S'),
        suspension('52400-KVA-900S', 'Left and right (a pair)'),
        clutch('22201-KTE-900S'),
      ],
    },
  ];

const slugOf = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * Adds the demo diagrams when the shop has none and its catalogue has the demo parts; a callout
 * whose part is missing is left out. Four statements, whatever the count.
 */
export async function seedDemoDiagrams(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(assemblies);
  if ((row?.n ?? 0) > 0) return 0;
  const numbers = [
    ...new Set(BIKES.flatMap((b) => b.assemblies.flatMap((a) => a.callouts.map((c) => c.partNumber)))),
  ];
  const found = await db
    .select({ id: parts.id, partNumber: parts.partNumber })
    .from(parts)
    .where(inArray(parts.partNumber, numbers));
  const partId = new Map(found.map((p) => [p.partNumber, p.id]));
  if (partId.size === 0) return 0;

  return db.transaction(async (tx) => {
    const list = BIKES.flatMap((bike) =>
      bike.assemblies.map((a, position) => ({
        bike,
        assembly: a,
        values: {
          make: bike.make,
          model: bike.model,
          yearFrom: bike.yearFrom,
          yearTo: bike.yearTo,
          name: a.name,
          slug: slugOf(a.name),
          image: `/images/diagrams/${a.drawing}.svg`,
          position,
        },
      })),
    );
    const inserted = await tx
      .insert(assemblies)
      .values(list.map((l) => l.values))
      .returning({
        id: assemblies.id,
        make: assemblies.make,
        model: assemblies.model,
        slug: assemblies.slug,
      });
    // Matched by key, not by the order RETURNING happens to keep.
    const idOf = new Map(inserted.map((a) => [`${a.make}|${a.model}|${a.slug}`, a.id]));
    const callouts = list.flatMap((l) =>
      l.assembly.callouts
        .map((c, n) => ({ c, number: n + 1 }))
        .filter(({ c }) => partId.has(c.partNumber))
        .map(({ c, number }) => ({
          assemblyId: idOf.get(`${l.values.make}|${l.values.model}|${l.values.slug}`)!,
          number,
          x: c.at[0],
          y: c.at[1],
          callout: c,
        })),
    );
    if (callouts.length === 0) return inserted.length;
    const rows = await tx
      .insert(assemblyCallouts)
      .values(callouts.map(({ callout: _callout, ...values }) => values))
      .returning({
        id: assemblyCallouts.id,
        assemblyId: assemblyCallouts.assemblyId,
        number: assemblyCallouts.number,
      });
    const calloutIdOf = new Map(rows.map((r) => [`${r.assemblyId}|${r.number}`, r.id]));
    await tx.insert(calloutParts).values(
      callouts.map(({ callout, assemblyId, number }) => ({
        calloutId: calloutIdOf.get(`${assemblyId}|${number}`)!,
        partId: partId.get(callout.partNumber)!,
        quantity: callout.quantity ?? 1,
        note: callout.note ?? null,
      })),
    );
    return inserted.length;
  });
}
