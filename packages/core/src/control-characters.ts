/**
 * The characters the text rule refuses (decision 027), without zod: the web's catalogue chunk
 * cleans a search taken from the address bar with these, and text.ts builds the schemas on them.
 * C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F); multi-line text keeps tab, LF and CR.
 */

// The character classes are the point of this file.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f]+/g;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINE_BREAKS_ALL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]+/g;

export interface TextKind {
  /** Tab and line breaks are allowed (descriptions, review text, notes). */
  multiLine?: boolean;
}

/** Whether this text carries a character the rule refuses. */
export function hasControlCharacters(text: string, kind: TextKind = {}): boolean {
  return (kind.multiLine ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(text);
}

/**
 * The text with each run of refused characters made one space, for text that is cleaned rather
 * than refused (a name from a Google profile): a tab between two words still parts them.
 */
export function withoutControlCharacters(text: string, kind: TextKind = {}): string {
  return text.replace(kind.multiLine ? CONTROL_BUT_LINE_BREAKS_ALL : CONTROL_ALL, ' ');
}
