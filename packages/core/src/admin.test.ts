import { describe, expect, it } from 'vitest';
import { PartInputSchema } from './admin.js';

const part = {
  name: 'Brake pads',
  seller: 'Pitstop',
  price: 10,
  description: 'Pads',
  stock: 5,
  availablequantity: 5,
  minquantity: 1,
  brand: 'Honda',
  category: 'brake-pads',
  partNumber: 'BP-1',
};

describe('PartInputSchema img', () => {
  it('takes a stored upload or a shop picture', () => {
    for (const img of ['/uploads/' + 'a'.repeat(64) + '.webp', '/images/parts/brake-pads.svg']) {
      expect(PartInputSchema.safeParse({ ...part, img }).success, img).toBe(true);
    }
  });

  it('refuses a path that climbs out of its folder', () => {
    for (const img of ['/uploads/../data.db', '/images/../../etc/passwd', '/uploads/a/../../x']) {
      const result = PartInputSchema.safeParse({ ...part, img });
      expect(result.success, img).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['img']);
    }
  });
});
