import type { PartNumberKind } from './part-number-texts.js';

/**
 * Why a search found a part by one of its other numbers: "OEM Yamaha B7B-H4300-00", "Replaces
 * 4C8-84310-00". A file of its own, with no runtime dependencies: the header's suggestions and
 * the part cards say it, and they are in every page's first load, which then carries these words
 * and none of the numbers' other texts (partNumberTexts.matched is this function).
 */
const MATCH_WORDS: Record<PartNumberKind, string> = {
  oem: 'OEM',
  interchange: 'Interchange',
  supersedes: 'Replaces',
};

export function numberMatchText(kind: PartNumberKind, brand: string | null, number: string): string {
  return `${MATCH_WORDS[kind]} ${brand ? `${brand} ` : ''}${number}`;
}
