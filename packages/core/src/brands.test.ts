import { describe, expect, it } from 'vitest';
import { PartInputSchema } from './admin.js';
import { BrandInputSchema, brandSlug, brandsTexts } from './brands.js';
import { PartListQuerySchema } from './parts.js';

describe('brandSlug', () => {
  it.each([
    ['EBC', 'ebc'],
    ['K&N', 'k-n'],
    ['  Brembo S.p.A. ', 'brembo-s-p-a'],
    ['Öhlins', 'ohlins'],
    ['&&', 'brand'],
  ])('%s → %s', (name, slug) => expect(brandSlug(name)).toBe(slug));
});

describe('BrandInputSchema', () => {
  it('trims and NFC-normalises the name, and defaults logo and featured', () => {
    expect(BrandInputSchema.parse({ name: '  Cafe\u0301 Racer ', kind: 'aftermarket' })).toEqual({
      name: 'Caf\u00e9 Racer',
      kind: 'aftermarket',
      logo: null,
      featured: false,
    });
  });

  it('names the field of each refusal with the catalogue text', () => {
    const issues = (input: object) =>
      BrandInputSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ name: '', kind: 'oem' })).toEqual([['name', brandsTexts.nameRequired]]);
    expect(issues({ name: 'x'.repeat(61), kind: 'oem' })).toEqual([['name', brandsTexts.nameTooLong]]);
    expect(issues({ name: 'NGK', kind: 'generic' })).toEqual([['kind', brandsTexts.kindRequired]]);
    expect(issues({ name: 'NGK', kind: 'oem', logo: 'https://example.com/x.png' })).toEqual([
      ['logo', 'Upload the logo first'],
    ]);
  });
});

describe('brands in other schemas', () => {
  it('a part takes any trimmed brand name (the server knows which exist)', () => {
    const brand = PartInputSchema.shape.brand;
    expect(brand.parse(' EBC ')).toBe('EBC');
    expect(brand.safeParse('').error?.issues[0]?.message).toBe(brandsTexts.chooseBrand);
  });

  it('the catalogue filter takes any names, each once, in one order', () => {
    expect(PartListQuerySchema.parse({ brand: ['NGK', 'EBC', 'NGK'] }).brand).toEqual(['EBC', 'NGK']);
    expect(PartListQuerySchema.parse({ brand: 'K&N' }).brand).toEqual(['K&N']);
    expect(PartListQuerySchema.safeParse({ brand: Array(51).fill('EBC') }).success).toBe(false);
    expect(PartListQuerySchema.safeParse({ brand: [''] }).success).toBe(false);
  });
});
