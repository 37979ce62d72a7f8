import type { AssemblyDetail, Callout, CalloutPart } from '@pitstop/core/diagrams';

let sequence = 0;

/** A part on a callout as the API answers it; override what a test is about. */
export function createCalloutPart(overrides: Partial<CalloutPart> = {}): CalloutPart {
  sequence += 1;
  return {
    _id: `00000000-0000-4000-9000-${String(sequence).padStart(12, '0')}`,
    name: `Diagram part ${sequence}`,
    partNumber: `DP-${sequence}`,
    brand: 'Yamaha',
    price: 12.5,
    img: '/images/parts/brake-pads.svg',
    availablequantity: 40,
    minquantity: 1,
    quantity: 1,
    note: null,
    fits: true,
    universal: false,
    ...overrides,
  };
}

export function createCallout(number: number, x: number, y: number, parts: Partial<CalloutPart>[]): Callout {
  return {
    id: `00000000-0000-4000-a000-${String(number).padStart(12, '0')}`,
    number,
    x,
    y,
    parts: parts.map((p) => createCalloutPart(p)),
  };
}

/** The front brake caliper of a 2019 Yamaha MT-07, drawn as the demo drawings are (1280 × 960). */
export function createAssembly(overrides: Partial<AssemblyDetail> = {}): AssemblyDetail {
  return {
    id: '00000000-0000-4000-b000-000000000001',
    make: 'Yamaha',
    model: 'MT-07',
    yearFrom: 2018,
    yearTo: 2020,
    name: 'Front brake caliper',
    slug: 'front-brake-caliper',
    image: '/images/diagrams/front-brake-caliper.svg',
    thumbnail: '/images/diagrams/front-brake-caliper-320w.webp',
    calloutCount: 3,
    position: 0,
    picture: {
      src: '/images/diagrams/front-brake-caliper.webp',
      width: 1280,
      height: 960,
      copies: [{ url: '/images/diagrams/front-brake-caliper-640w.webp', width: 640 }],
    },
    bike: { year: 2019, make: 'Yamaha', model: 'MT-07' },
    callouts: [
      createCallout(1, 0.2, 0.3, [{ name: 'Caliper body' }]),
      createCallout(2, 0.5, 0.5, [{ name: 'Brake pad set', price: 34.99, availablequantity: 3 }]),
      createCallout(3, 0.8, 0.6, [
        { name: 'Bleed screw left', quantity: 2 },
        { name: 'Bleed screw right', fits: false },
      ]),
    ],
    ...overrides,
  };
}
