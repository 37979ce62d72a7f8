import { describe, expect, it } from 'vitest';
import { textRuleTexts } from './messages.js';
import { PartListQuerySchema, SuggestQuerySchema } from './parts.js';
import { RegisterSchema } from './accounts.js';
import { CreateReviewSchema } from './reviews.js';
import { hasControlCharacters, withoutControlCharacters } from './control-characters.js';
import { multiLineText, nameText, searchText, singleLineText } from './text.js';

const refused = textRuleTexts.controlCharacters;
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

// Every C0 and C1 control character, and DEL.
const controls = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
];

describe('the text rule', () => {
  it('refuses every C0 and C1 control character, NUL first, in one-line text', () => {
    const schema = singleLineText();
    for (const control of controls) {
      expect(
        messagesOf(schema.safeParse(`brake${control}pads`)),
        `U+${control.charCodeAt(0).toString(16)}`,
      ).toEqual([refused]);
    }
  });

  it('keeps tab and line breaks in multi-line text and refuses the rest', () => {
    const schema = multiLineText();
    expect(schema.parse('Fits well.\n\tSecond line,\r\nthird.')).toBe('Fits well.\n\tSecond line,\r\nthird.');
    for (const control of controls.filter((c) => !'\t\n\r'.includes(c))) {
      expect(messagesOf(schema.safeParse(`a${control}b`))).toEqual([refused]);
    }
    expect(hasControlCharacters('a\tb')).toBe(true);
    expect(hasControlCharacters('a\tb', { multiLine: true })).toBe(false);
  });

  it('lets ordinary text through, accents, emoji and the characters just past the controls', () => {
    const text = 'Brzęczyszczykiewicz ½" ☂ 🏍️ \u00a0\u00a1 ~';
    expect(singleLineText().parse(text)).toBe(text);
  });

  it('normalises names and search text to NFC, and leaves other text as sent', () => {
    const decomposed = 'Jose\u0301 Mu\u0308ller';
    expect(nameText().parse(decomposed)).toBe('Jos\u00e9 M\u00fcller');
    expect(searchText().parse('cafe\u0301')).toBe('caf\u00e9');
    expect(singleLineText().parse('cafe\u0301')).toBe('cafe\u0301');
    // The length rules count the normalised text.
    expect(nameText().max(4).safeParse('cafe\u0301').success).toBe(true);
  });

  it('says one thing about a field with control characters, not its length or pattern too', () => {
    const result = RegisterSchema.safeParse({
      name: 'Rider\u0000',
      email: 'rider\u0085@example.com',
      password: 'secret-pass-1',
      confirmPassword: 'secret-pass-1',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', refused],
      ['email', refused],
    ]);
  });

  it('is what the shop’s schemas use: search, reviews', () => {
    expect(messagesOf(PartListQuerySchema.safeParse({ q: 'a\u0000' }))).toEqual([refused]);
    expect(PartListQuerySchema.parse({ q: ' cafe\u0301 ' }).q).toBe('caf\u00e9');
    expect(messagesOf(SuggestQuerySchema.safeParse({ q: 'ab\u009b' }))).toEqual([refused]);
    const review = {
      email: 'rider@example.com',
      name: 'Rider',
      descriptions: 'Good pads.\nQuiet too.',
      img: `/uploads/${'a'.repeat(64)}.webp`,
      rating: 5,
      productId: '6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab',
    };
    expect(CreateReviewSchema.safeParse(review).success).toBe(true);
    expect(messagesOf(CreateReviewSchema.safeParse({ ...review, descriptions: 'Good\u0007' }))).toEqual([
      refused,
    ]);
    expect(messagesOf(CreateReviewSchema.safeParse({ ...review, name: 'Ri\nder' }))).toEqual([refused]);
  });

  it('cleans text it may not refuse: each run of control characters becomes one space', () => {
    expect(withoutControlCharacters('John\t\u0000Smith\u0085')).toBe('John Smith ');
    expect(withoutControlCharacters('one\ntwo\u0000', { multiLine: true })).toBe('one\ntwo ');
  });
});
