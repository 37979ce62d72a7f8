import type { Part } from '@pitstop/core/parts';

let sequence = 0;

/** A valid part as the API answers it; override only what a test is about. */
export function createPart(overrides: Partial<Part> = {}): Part {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    _id: id,
    name: `Test Brake Pad ${sequence}`,
    seller: 'Lone Star Cycle Parts',
    price: 21.99,
    img: '/images/parts/brake-pads.svg',
    description: 'Semi-metallic front pads for the twin-piston caliper.',
    ratings: 4.5,
    reviewCount: 12,
    stock: 100,
    availablequantity: 80,
    minquantity: 2,
    brand: 'Suzuki',
    category: 'brake-pads',
    partNumber: `PN-${sequence}`,
    specifications: [{ key: 'Compound', value: 'Semi-metallic' }],
    universal: false,
    fitment: [
      {
        make: 'Suzuki',
        model: 'Gixxer SF 250',
        yearFrom: 2020,
        yearTo: 2025,
        position: 'front',
        quantity: 1,
        note: null,
      },
    ],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
