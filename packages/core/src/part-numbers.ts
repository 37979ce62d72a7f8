import { z } from 'zod';
import { singleLineText } from './text.js';
import { partNumberKey } from './part-number-key.js';
import { PART_NUMBER_KINDS, partNumberTexts } from './part-number-texts.js';

/**
 * A part's other numbers (issue #29): OEM numbers (a manufacturer's number for the part),
 * interchange numbers (another brand's equivalent) and supersessions (an old number this part
 * replaces). Every number is matched by the part number's own rule, partNumberKey: dashes, spaces,
 * dots and case do not count ("B7B-H4300-00" = "b7b h4300 00" = "B7BH430000").
 */
// The kinds and the words are in the zod-free part-number-texts.ts: the header's suggestions and
// the part cards (every page's first load) say why a part was found.
export { PART_NUMBER_KINDS, partNumberTexts, type PartNumberKind } from './part-number-texts.js';

/** One of a part's other numbers, as the admin form and the CSV import send it. */
export const PartNumberEntrySchema = z
  .object({
    kind: z.enum(PART_NUMBER_KINDS),
    /** The manufacturer (OEM) or brand (interchange); a supersession may leave it empty. */
    brand: singleLineText().trim().max(60).nullable().default(null),
    number: singleLineText().trim().min(1, partNumberTexts.numberRequired).max(60),
  })
  .refine((n) => partNumberKey(n.number).length > 0, {
    message: partNumberTexts.numberNoLetters,
    path: ['number'],
  })
  .refine((n) => n.kind === 'supersedes' || (n.brand !== null && n.brand.length > 0), {
    message: partNumberTexts.brandRequired,
    path: ['brand'],
  });
export type PartNumberEntry = z.infer<typeof PartNumberEntrySchema>;

/** A part's other numbers as the API answers them (the part page, the admin form). */
export const PartNumberSchema = z.object({
  kind: z.enum(PART_NUMBER_KINDS),
  brand: z.string().nullable(),
  number: z.string(),
});
export type PartNumber = z.infer<typeof PartNumberSchema>;

export const PART_NUMBERS_MAX = 50;

/**
 * The rules a part's list of other numbers follows beyond each entry's own (PartInputSchema and
 * the CSV import both ask): a number listed twice within one kind (by partNumberKey, so
 * "B7B-H4300-00" and "b7b h4300 00" are the same), and the part's own number listed. Answers the
 * index of each offending entry with its message; a supersession loop needs the database and is
 * checked on the server.
 */
export function partNumbersIssues(
  numbers: readonly Pick<PartNumberEntry, 'kind' | 'number'>[],
  ownNumber: string,
): { index: number; message: string }[] {
  const issues: { index: number; message: string }[] = [];
  const own = partNumberKey(ownNumber);
  const seen = new Set<string>();
  numbers.forEach((n, index) => {
    const key = partNumberKey(n.number);
    if (key.length === 0) return; // the entry's own rule says so
    if (own.length > 0 && key === own) {
      issues.push({ index, message: partNumberTexts.ownNumber });
      return;
    }
    const kindKey = `${n.kind}:${key}`;
    if (seen.has(kindKey)) issues.push({ index, message: partNumberTexts.duplicate });
    seen.add(kindKey);
  });
  return issues;
}

/**
 * The part that replaces a superseded part: the end of the chain of replacements (B replaces A,
 * C replaces B → A's is C). GET /api/parts/:id answers it; the part's page redirects there.
 */
export const SupersededBySchema = z.object({
  _id: z.string(),
  name: z.string(),
  partNumber: z.string(),
});
export type SupersededBy = z.infer<typeof SupersededBySchema>;

/**
 * Why a search found a part by one of its other numbers: the number as stored (not normalised).
 * Null on a list item or suggestion found by its name or its own number. The end of a chain of
 * replacements found by an old number says "Replaces <that old number>" (B replaces A, C replaces
 * B: searching A finds C with { kind: 'supersedes', number: A as B lists it }).
 */
export const NumberMatchSchema = z.object({
  kind: z.enum(PART_NUMBER_KINDS),
  brand: z.string().nullable(),
  number: z.string(),
});
export type NumberMatch = z.infer<typeof NumberMatchSchema>;

export { partNumberKey };
