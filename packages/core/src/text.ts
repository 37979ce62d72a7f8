import { z } from 'zod';
import { hasControlCharacters, type TextKind } from './control-characters.js';
import { textRuleTexts } from './messages.js';

/**
 * The one rule for text that people and programs send the shop (issue #27, decision 027):
 * NUL is refused everywhere (PostgreSQL cannot store it, so it would fail the statement), and so
 * are the other C0 and C1 control characters (U+0001–U+001F, U+007F–U+009F), which nobody types
 * on purpose and which hide text in logs, mails and CSV files. Multi-line fields (descriptions,
 * review text, notes) keep tab and line breaks; a line break may be CR LF, as Windows and
 * spreadsheets write it. Names and search text are Unicode-NFC normalised, so "é" typed as one
 * code point or as e + accent is the same name and finds the same parts.
 *
 * Every text schema starts from one of the builders below and chains its own trim/min/max; the
 * control check comes first, so it sees the text as sent.
 */

type StringParams = Parameters<typeof z.string>[0];

function ruledText(kind: TextKind, params?: StringParams) {
  // abort: the field's other rules (length, pattern) would only repeat that the text is wrong.
  return z.string(params).refine((text) => !hasControlCharacters(text, kind), {
    message: textRuleTexts.controlCharacters,
    abort: true,
  });
}

const nfc = (text: string) => text.normalize('NFC');

/** One line of text: an id, a code, an email, a city. */
export function singleLineText(params?: StringParams) {
  return ruledText({}, params);
}

/** Text that may run over lines: descriptions, review text, messages, notes. */
export function multiLineText(params?: StringParams) {
  return ruledText({ multiLine: true }, params);
}

/** A person's, business's or thing's name, NFC-normalised. */
export function nameText(params?: StringParams) {
  return ruledText({}, params).overwrite(nfc);
}

/** Search text (the catalogue's q, makes and models it filters by), NFC-normalised. */
export function searchText(params?: StringParams) {
  return ruledText({}, params).overwrite(nfc);
}
