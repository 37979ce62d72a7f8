import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PartNumberEntrySchema, partNumbersIssues } from '@pitstop/core/part-numbers';
import { brands, partNumbers } from '../db/schema.js';
import { useTestApp } from '../test/app.js';
import { catalogue } from './catalogue-data.js';
import { seedDemoCatalogue } from './demo-catalogue.js';
import { demoPartNumbers, seedDemoPartNumbers } from './demo-part-numbers.js';

const t = useTestApp();

describe('the demo catalogue’s numbers', () => {
  it('name demo parts, and each follows the part form’s rules', () => {
    const demo = new Map(catalogue.map((p) => [p.partNumber, p]));
    const list = demoPartNumbers();
    expect(list.length).toBeGreaterThan(40);
    for (const kind of ['oem', 'interchange', 'supersedes']) {
      expect(list.some((n) => n.kind === kind)).toBe(true);
    }
    const byPart = new Map<string, typeof list>();
    for (const n of list) byPart.set(n.partNumber, [...(byPart.get(n.partNumber) ?? []), n]);
    for (const [partNumber, numbers] of byPart) {
      expect(demo.has(partNumber), partNumber).toBe(true);
      for (const n of numbers) expect(PartNumberEntrySchema.safeParse(n).success, n.number).toBe(true);
      expect(partNumbersIssues(numbers, partNumber)).toEqual([]);
    }
  });

  it('are seeded when the shop has no numbers, once', async () => {
    await seedDemoCatalogue(t.database.db);
    const rows = await t.database.db.select().from(partNumbers);
    expect(rows).toHaveLength(demoPartNumbers().length);
    // Interchange brands are free text: the demo adds no brands.
    expect(await t.database.db.select().from(brands).where(eq(brands.name, 'EBC'))).toEqual([]);
    expect(await seedDemoPartNumbers(t.database.db)).toBe(0);
    expect(await t.database.db.select().from(partNumbers)).toHaveLength(rows.length);
  });
});
