import { z } from 'zod';
import { singleLineText } from './text.js';
import { partNumberKey } from './part-number-key.js';

/**
 * A part's other numbers (issue #29): OEM numbers (a manufacturer's number for the part),
 * interchange numbers (another brand's equivalent) and supersessions (an old number this part
 * replaces). Every number is matched by the part number's own rule, partNumberKey: dashes, spaces,
 * dots and case do not count ("B7B-H4300-00" = "b7b h4300 00" = "B7BH430000").
 */
export const PART_NUMBER_KINDS = ['oem', 'interchange', 'supersedes'] as const;
export type PartNumberKind = (typeof PART_NUMBER_KINDS)[number];

export const partNumberTexts = {
  /** The part page's headings (and the admin form's). */
  headings: {
    oem: 'OEM numbers',
    interchange: 'Also fits as',
    supersedes: 'Replaces',
  } satisfies Record<PartNumberKind, string>,
  /** Why a search found the part: "OEM Yamaha B7B-H4300-00", "Replaces 4C8-84310-00". */
  matched: (kind: PartNumberKind, brand: string | null, number: string): string => {
    const named = brand ? `${brand} ${number}` : number;
    switch (kind) {
      case 'oem':
        return `OEM ${named}`;
      case 'interchange':
        return `Interchange ${named}`;
      case 'supersedes':
        return `Replaces ${named}`;
    }
  },
  numberRequired: 'Enter the number',
  numberNoLetters: 'A number needs at least one letter or digit',
  brandRequired: 'Enter the manufacturer or brand',
  duplicate: 'This number is listed twice',
  ownNumber: 'This is the part’s own number',
  tooMany: 'A part lists at most 50 other numbers',
  /** A supersession that would make a loop (A replaces B, B replaces A). */
  cycle: (number: string) =>
    `${number} already replaces this part: a part cannot replace its own replacement`,
  copy: (number: string) => `Copy ${number}`,
  copied: 'Copied',
} as const;

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

/** Why a search found a part by one of its other numbers (absent when its name or own number matched). */
export const NumberMatchSchema = z.object({
  kind: z.enum(PART_NUMBER_KINDS),
  brand: z.string().nullable(),
  number: z.string(),
});
export type NumberMatch = z.infer<typeof NumberMatchSchema>;

export { partNumberKey };
