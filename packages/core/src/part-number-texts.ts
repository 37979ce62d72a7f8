import { numberMatchText } from './part-number-match-texts.js';

/**
 * A part's other numbers in words (issue #29): the part page's headings, why a search found a
 * part, the admin form's refusals. No runtime dependencies (no zod): the header's suggestions and
 * the part cards say why a part was found (part-number-match-texts.ts), and they are in every
 * page's first load. The schemas are in part-numbers.ts, which re-exports these.
 */

/** OEM numbers, interchange numbers ("also fits as"), and old numbers a part replaces. */
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
  matched: numberMatchText,
  numberRequired: 'Enter the number',
  numberNoLetters: 'A number needs at least one letter or digit',
  brandRequired: 'Enter the manufacturer or brand',
  duplicate: 'This number is listed twice',
  ownNumber: 'This is the part’s own number',
  tooMany: 'A part lists at most 50 other numbers',
  /** A supersession that would make a loop (A replaces B, B replaces A). */
  cycle: (number: string) =>
    `${number} already replaces this part: a part cannot replace its own replacement`,
  /** The copy button's name; it shows copyButton, then copied for a moment. */
  copy: (number: string) => `Copy ${number}`,
  copyButton: 'Copy',
  copied: 'Copied',
  /** The browser would not let the page write to the clipboard: the number is selected instead. */
  copyBlocked: 'Selected: press Ctrl+C (⌘C on a Mac) to copy',
  /** The admin form's section, its rows and buttons. */
  editor: {
    legend: 'Numbers',
    hint: 'OEM numbers from the manufacturer, other brands’ equivalents, and old numbers this part replaces. Dashes, spaces and case do not matter when riders search.',
    none: 'No other numbers yet.',
    kindLabels: {
      oem: 'OEM',
      interchange: 'Interchange',
      supersedes: 'Replaces',
    } satisfies Record<PartNumberKind, string>,
    kind: (n: number) => `Kind ${n}`,
    brand: (n: number) => `Manufacturer or brand ${n}`,
    number: (n: number) => `Number ${n}`,
    brandPlaceholder: 'e.g. Yamaha',
    numberPlaceholder: 'e.g. B7B-H4300-00',
    add: 'Add number',
    remove: (n: number) => `Remove number ${n}`,
    removeButton: 'Remove',
  },
} as const;
