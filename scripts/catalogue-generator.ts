// A realistic, deterministic catalogue in the import CSV format (see
// packages/core/src/catalogue-io.ts): maker-style part numbers, names such as
// "Yamaha MT-15 Front Brake Pads — Sintered", prices, stock, descriptions, specifications, about
// ten fitment entries per part over the shop's vehicle list, and about 3% universal parts.
// About one part in seven is an aftermarket brand's (EBC, DID, K&N…: created as aftermarket brands
// by the import's "create missing brands"). Every part carries about three other numbers (issue
// #29): OEM numbers as each maker writes them, interchange numbers of the aftermarket brands that
// make the same part, and for about one part in six an older number it supersedes — some of them
// an earlier part's own number, so chains of two and three replacements occur.
// Rows are written one at a time to a stream, so 100,000 parts never sit in memory.
import fs from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Brand, Category } from '@pitstop/core/catalogue';
import type { FitmentPosition } from '@pitstop/core/fitment';
import { partNumberKey } from '@pitstop/core/part-number-key';
import {
  headerLine,
  partLine,
  type CsvFitment,
  type CsvNumber,
} from '../apps/api/src/modules/catalogue-io/csv.ts';
import { vehicleModels, type SeedVehicleModel } from '../apps/api/src/modules/vehicles/vehicles-data.ts';

/** mulberry32: small, fast and the same sequence for the same seed on every machine. */
function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof randomSource>;

interface ProductType {
  name: string;
  position: FitmentPosition | null;
  quantity: number;
  /** What goes after the em dash: material, finish, size. */
  variants: readonly string[];
  specs: (r: Random, variant: string) => [string, string][];
}

interface CategoryPlan {
  types: ProductType[];
  price: [number, number];
  /** Share of this category's parts that fit any bike. */
  universalName: string;
}

const pads = (side: 'Front' | 'Rear', position: FitmentPosition): ProductType => ({
  name: `${side} Brake Pads`,
  position,
  quantity: 1,
  variants: ['Sintered', 'Organic', 'Semi-Metallic', 'Ceramic', 'Sintered Race'],
  specs: (r, v) => [
    ['Material', v.replace(' Race', '')],
    ['Thickness', `${r.int(7, 10)}.${r.int(0, 9)} mm`],
    ['Pieces', '2'],
  ],
});

const PLANS: Record<Category, CategoryPlan> = {
  'brake-pads': {
    types: [pads('Front', 'front'), pads('Rear', 'rear')],
    price: [6, 38],
    universalName: 'Brake Pad Shim Kit',
  },
  headlights: {
    types: [
      {
        name: 'LED Headlight Assembly',
        position: 'front',
        quantity: 1,
        variants: ['Clear Lens', 'Smoked Lens', 'Projector'],
        specs: (r) => [
          ['Lumens', String(r.int(12, 32) * 100)],
          ['Voltage', '12 V'],
          ['Power', `${r.int(12, 35)} W`],
        ],
      },
      {
        name: 'Halogen Headlight Assembly',
        position: 'front',
        quantity: 1,
        variants: ['Clear Lens', 'Chrome Reflector'],
        specs: () => [
          ['Bulb', 'H4 60/55 W'],
          ['Voltage', '12 V'],
        ],
      },
      {
        name: 'Headlight Bulb H4',
        position: 'front',
        quantity: 1,
        variants: ['Halogen', 'LED 6000K', 'Xenon White'],
        specs: (r) => [
          ['Base', 'P43t'],
          ['Power', `${r.pick(['35/35', '60/55', '18'])} W`],
        ],
      },
    ],
    price: [9, 180],
    universalName: 'LED Fog Light Pair',
  },
  'shock-absorbers': {
    types: [
      {
        name: 'Rear Monoshock',
        position: 'rear',
        quantity: 1,
        variants: ['Preload Adjustable', 'Gas Charged', 'OEM Spec'],
        specs: (r) => [
          ['Length', `${r.int(26, 34) * 10} mm`],
          ['Spring rate', `${r.int(60, 110)} N/mm`],
          ['Adjustment', r.pick(['Preload', 'Preload and rebound', 'None'])],
        ],
      },
      {
        name: 'Rear Shock Absorber Pair',
        position: 'pair',
        quantity: 2,
        variants: ['5-Step Preload', 'Gas Charged', 'Chrome Spring'],
        specs: (r) => [
          ['Length', `${r.int(30, 36) * 10} mm`],
          ['Spring', r.pick(['Progressive', 'Linear'])],
        ],
      },
      {
        name: 'Front Fork Cartridge Kit',
        position: 'front',
        quantity: 1,
        variants: ['Cartridge Emulator', 'Progressive Springs'],
        specs: (r) => [
          ['Fork tube', `${r.pick(['31', '37', '41', '43'])} mm`],
          ['Oil weight', `${r.pick(['10W', '15W'])}`],
        ],
      },
    ],
    price: [38, 320],
    universalName: 'Shock Absorber Boot Pair',
  },
  wheels: {
    types: [
      {
        name: 'Front Alloy Wheel 17 in',
        position: 'front',
        quantity: 1,
        variants: ['Matte Black', 'Gloss Black', 'Gold Anodised', 'Silver'],
        specs: (r) => [
          ['Rim', `17 x ${r.pick(['2.15', '2.50', '3.00'])}`],
          ['Material', 'Cast aluminium'],
          ['Weight', `${r.int(28, 45) / 10} kg`],
        ],
      },
      {
        name: 'Rear Alloy Wheel 17 in',
        position: 'rear',
        quantity: 1,
        variants: ['Matte Black', 'Gloss Black', 'Red Stripe', 'Silver'],
        specs: (r) => [
          ['Rim', `17 x ${r.pick(['3.00', '3.50', '4.00', '5.50'])}`],
          ['Material', 'Cast aluminium'],
          ['Weight', `${r.int(40, 62) / 10} kg`],
        ],
      },
      {
        name: 'Spoke Wheel 21 in',
        position: 'front',
        quantity: 1,
        variants: ['Black Rim', 'Silver Rim'],
        specs: () => [
          ['Rim', '21 x 1.85'],
          ['Spokes', '36'],
        ],
      },
    ],
    price: [55, 280],
    universalName: 'Wheel Balancing Weight Set',
  },
  'chains-sprockets': {
    types: [
      {
        name: 'Chain Sprocket Kit',
        position: null,
        quantity: 1,
        variants: ['O-Ring', 'X-Ring', 'Standard'],
        specs: (r) => [
          ['Pitch', r.pick(['428', '520', '525'])],
          ['Links', String(r.int(53, 60) * 2)],
          ['Sprockets', `${r.int(13, 16)}T / ${r.int(38, 48)}T`],
        ],
      },
      {
        name: 'Drive Chain',
        position: null,
        quantity: 1,
        variants: ['O-Ring Gold', 'X-Ring Black', 'Heavy Duty'],
        specs: (r) => [
          ['Pitch', r.pick(['428H', '520', '525'])],
          ['Links', String(r.int(53, 60) * 2)],
        ],
      },
      {
        name: 'Rear Sprocket',
        position: 'rear',
        quantity: 1,
        variants: ['Steel', 'Aluminium'],
        specs: (r) => [
          ['Teeth', String(r.int(38, 48))],
          ['Pitch', r.pick(['428', '520'])],
        ],
      },
    ],
    price: [12, 95],
    universalName: 'Chain Cleaning Brush',
  },
  filters: {
    types: [
      {
        name: 'Oil Filter',
        position: null,
        quantity: 1,
        variants: ['Paper Element', 'Synthetic Media'],
        specs: (r) => [
          ['Type', 'Cartridge'],
          ['Height', `${r.int(30, 80)} mm`],
        ],
      },
      {
        name: 'Air Filter Element',
        position: null,
        quantity: 1,
        variants: ['Paper', 'Washable Cotton', 'Foam'],
        specs: (r, v) => [
          ['Media', v],
          ['Micron rating', String(r.int(5, 20))],
        ],
      },
      {
        name: 'Fuel Filter',
        position: null,
        quantity: 1,
        variants: ['In-Tank', 'Inline'],
        specs: () => [['Hose', '6 mm']],
      },
    ],
    price: [3, 28],
    universalName: 'Inline Fuel Filter 6 mm',
  },
  'clutch-plates': {
    types: [
      {
        name: 'Clutch Friction Plate Set',
        position: null,
        quantity: 1,
        variants: ['Cork', 'Kevlar', 'Paper-Based'],
        specs: (r, v) => [
          ['Plates', String(r.int(5, 8))],
          ['Material', v],
        ],
      },
      {
        name: 'Clutch Steel Plate Set',
        position: null,
        quantity: 1,
        variants: ['Standard', 'Heavy Duty'],
        specs: (r) => [
          ['Plates', String(r.int(4, 7))],
          ['Thickness', `${r.pick(['1.6', '2.0', '2.3'])} mm`],
        ],
      },
    ],
    price: [11, 65],
    universalName: 'Clutch Lever Pair',
  },
  mirrors: {
    types: [
      {
        name: 'Mirror Pair',
        position: 'pair',
        quantity: 1,
        variants: ['Black', 'Carbon Look', 'Chrome'],
        specs: () => [
          ['Thread', 'M10 x 1.25'],
          ['Glass', 'Convex'],
        ],
      },
      {
        name: 'Left Mirror',
        position: 'left',
        quantity: 1,
        variants: ['Black', 'OEM Grey'],
        specs: () => [['Thread', 'M10 x 1.25']],
      },
      {
        name: 'Right Mirror',
        position: 'right',
        quantity: 1,
        variants: ['Black', 'OEM Grey'],
        specs: () => [['Thread', 'M10 x 1.25 reverse']],
      },
      {
        name: 'Bar-End Mirror Pair',
        position: 'pair',
        quantity: 1,
        variants: ['Black', 'Silver'],
        specs: () => [['Bar', '22 mm']],
      },
    ],
    price: [7, 48],
    universalName: 'Bar-End Mirror Pair',
  },
};

const CATEGORY_LIST = Object.keys(PLANS) as Category[];
const SELLERS = [
  'Pacific Coast Powersports',
  'Desert Road Cycle Co.',
  'Lone Star Cycle Parts',
  'Midwest Moto Supply',
  'Atlantic Two-Wheel Traders',
  'Cascade Motor Parts',
  'Keystone Moto Parts',
  'Great Lakes Moto Distributors',
  'Empire State Moto Depot',
  'Bayou Bike Supply',
  'Redline Spares',
  'Apex Rider Outfitters',
  'Two Stroke Alley',
  'Torque Street Parts',
];
const NOTES = [
  'Disc brake variant only',
  'Not for ABS models',
  'ABS models only',
  'Needs the fitting kit sold separately',
  'Except rally edition',
  'From frame number ending 500001',
  'Check the caliper brand before ordering',
  'Single-channel ABS models',
];
const UNIVERSAL_BRAND_PREFIX = 'Universal';

const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const ALNUM = DIGITS + LETTERS;
const chars = (r: Random, set: string, n: number) =>
  Array.from({ length: n }, () => r.pick([...set])).join('');

/** Part numbers as each maker writes them (the demo catalogue's real ones follow these shapes). */
const PART_NUMBER_STYLES: Record<Brand, (r: Random) => string> = {
  Yamaha: (r) => `${chars(r, ALNUM, 3)}-${chars(r, LETTERS, 1)}${chars(r, DIGITS, 4)}-${chars(r, DIGITS, 2)}`,
  Honda: (r) =>
    `${chars(r, DIGITS, 5)}-${chars(r, LETTERS, 1)}${chars(r, ALNUM, 2)}-${chars(r, LETTERS, 1)}${chars(r, DIGITS, 2)}`,
  Hero: (r) => `${chars(r, DIGITS, 5)}-${chars(r, LETTERS, 3)}-${chars(r, DIGITS, 3)}${chars(r, LETTERS, 1)}`,
  Suzuki: (r) => `${chars(r, DIGITS, 5)}-${chars(r, DIGITS, 2)}${chars(r, LETTERS, 1)}${chars(r, DIGITS, 2)}`,
  TVS: (r) => `${chars(r, LETTERS, 1)}${chars(r, DIGITS, 7)}`,
  Bajaj: (r) => `${chars(r, LETTERS, 2)}${chars(r, DIGITS, 6)}`,
};

/** An aftermarket brand and how it numbers its parts. */
interface Aftermarket {
  brand: string;
  style: (r: Random) => string;
}

const pad3 = (n: number) => String(n).padStart(3, '0');

/** Who makes each category's parts besides the bike makers, with their catalogue numbers' shapes. */
const AFTERMARKET: Record<Category, Aftermarket[]> = {
  'brake-pads': [
    { brand: 'EBC', style: (r) => `FA${r.int(100, 699)}${r.pick(['HH', 'R', 'V', 'TT', 'X'])}` },
    {
      brand: 'Brembo',
      style: (r) =>
        `07${r.pick(['BB', 'HO', 'YA', 'SU'])}${r.int(10, 99)}${r.pick(['SA', 'SP', 'LA', 'CC'])}`,
    },
    { brand: 'Vesrah', style: (r) => `SD-${r.int(100, 999)}${r.pick(['', '/2', 'RJL'])}` },
    { brand: 'SBS', style: (r) => `${r.int(500, 999)}${r.pick(['HF', 'HS', 'RS', 'LS'])}` },
  ],
  headlights: [
    { brand: 'Philips', style: (r) => `${r.int(12000, 12999)}${r.pick(['PRBW', 'XV', 'WHV', 'B1'])}` },
    { brand: 'Osram', style: (r) => `${r.int(64150, 64199)}${r.pick(['NBS', 'CBN', 'ULT', 'NL'])}` },
    { brand: 'Lumax', style: (r) => `LMX-${r.int(1000, 9999)}` },
  ],
  'shock-absorbers': [
    {
      brand: 'YSS',
      style: (r) => `${r.pick(['MZ', 'MX', 'ME'])}${r.int(302, 506)}-${r.int(280, 360)}TRL-${r.int(10, 99)}`,
    },
    { brand: 'Gabriel', style: (r) => `G${r.int(10000, 99999)}` },
    { brand: 'Endurance', style: (r) => `END-${r.int(1000, 9999)}` },
  ],
  wheels: [
    { brand: 'Excel', style: (r) => `${r.pick(['HDK', 'YDK', 'SDK'])}-${r.int(1000, 9999)}` },
    { brand: 'Marchesini', style: (r) => `M${r.int(10000, 99999)}` },
  ],
  'chains-sprockets': [
    {
      brand: 'DID',
      style: (r) =>
        `${r.pick(['428', '520', '525'])}${r.pick(['HD', 'VX3', 'ZVM-X', 'NZ'])}-${r.int(53, 60) * 2}`,
    },
    {
      brand: 'RK',
      style: (r) => `${r.pick(['428', '520', '525'])}${r.pick(['XSO', 'GXW', 'MXZ4'])}-${r.int(53, 60) * 2}`,
    },
    { brand: 'JT Sprockets', style: (r) => `JTR${r.int(200, 1999)}.${r.int(38, 48)}` },
  ],
  filters: [
    { brand: 'K&N', style: (r) => `${r.pick(['HA', 'SU', 'YA', 'BA', 'HE'])}-${r.int(1000, 9999)}` },
    { brand: 'HiFlo', style: (r) => `HF${pad3(r.int(100, 999))}` },
    { brand: 'Mahle', style: (r) => `OC ${r.int(100, 999)}` },
  ],
  'clutch-plates': [
    { brand: 'EBC', style: (r) => `CK${r.int(1001, 5999)}` },
    { brand: 'Barnett', style: (r) => `30${r.int(1, 7)}-${r.int(30, 95)}-${r.int(10001, 99999)}` },
    { brand: 'Vesrah', style: (r) => `VC-${r.int(100, 999)}` },
  ],
  mirrors: [
    { brand: 'Rizoma', style: (r) => `BS${pad3(r.int(1, 999))}${r.pick(['B', 'A'])}` },
    { brand: 'CRG', style: (r) => `${r.int(10, 99)}0-${r.int(100, 999)}-${r.pick(['L', 'R', 'B'])}` },
    { brand: 'Oxford', style: (r) => `OX${r.int(100, 999)}` },
  ],
};

/** Every aftermarket brand the generator uses (the import creates them as aftermarket). */
export const AFTERMARKET_BRANDS = [
  ...new Set(Object.values(AFTERMARKET).flatMap((l) => l.map((a) => a.brand))),
];

/** A part whose own number a later part may supersede (a chain of replacements). */
interface ChainLink {
  partNumber: string;
  brand: string;
  /** Replacements before it: a chain ends at three. */
  depth: number;
}

/**
 * A part's other numbers. OEM numbers are the bike makers' (the part's own maker's regional
 * number, or another maker of a bike it fits); interchange numbers the aftermarket brands'
 * equivalents, now and then one another part lists too (a number may point at several parts);
 * a supersession an older number of the part's own style, or an earlier part's own number.
 */
function otherNumbers(
  r: Random,
  part: {
    partNumber: string;
    brand: string;
    makes: Brand[];
    aftermarket: Aftermarket | null;
    universal: boolean;
  },
  category: Category,
  chain: { links: ChainLink[]; shared: Map<Category, CsvNumber[]> },
): CsvNumber[] {
  const list: CsvNumber[] = [];
  const seen = new Set<string>();
  // The form's rules: not the part's own number, not twice in one kind.
  const add = (n: CsvNumber) => {
    const key = `${n.kind}:${partNumberKey(n.number)}`;
    if (seen.has(key) || partNumberKey(n.number) === partNumberKey(part.partNumber)) return;
    seen.add(key);
    list.push(n);
  };
  const brands = AFTERMARKET[category].filter((a) => a.brand !== part.aftermarket?.brand);

  if (!part.universal) {
    // OEM: an aftermarket part names the maker's part it replaces (one or two); a maker's part
    // its other numbers (a region's, or a maker that shares the part).
    const oem = part.aftermarket ? (r.chance(0.6) ? 1 : 2) : r.chance(0.25) ? 0 : r.chance(0.73) ? 1 : 2;
    for (let i = 0; i < oem; i++) {
      const maker = i === 0 ? r.pick(part.makes) : r.pick(Object.keys(PART_NUMBER_STYLES) as Brand[]);
      add({ kind: 'oem', brand: maker, number: PART_NUMBER_STYLES[maker](r) });
    }
  }
  const interchange = part.universal ? 1 : r.chance(0.32) ? 1 : r.chance(0.7) ? 2 : 3;
  const shared = chain.shared.get(category) ?? [];
  for (let i = 0; i < interchange && brands.length; i++) {
    if (shared.length && r.chance(0.08)) {
      add(r.pick(shared));
      continue;
    }
    const maker = r.pick(brands);
    const n: CsvNumber = { kind: 'interchange', brand: maker.brand, number: maker.style(r) };
    add(n);
    if (shared.length < 20) shared.push(n);
    else shared[r.int(0, 19)] = n;
  }
  chain.shared.set(category, shared);

  if (!part.universal && r.chance(0.17)) {
    // An earlier part of the same brand this one replaces (a chain), or an old number.
    const at = chain.links.findIndex((l) => l.brand === part.brand && l.depth < 3);
    if (at >= 0 && r.chance(0.35)) {
      const [link] = chain.links.splice(at, 1);
      add({ kind: 'supersedes', brand: r.chance(0.5) ? part.brand : null, number: link!.partNumber });
      chain.links.push({ partNumber: part.partNumber, brand: part.brand, depth: link!.depth + 1 });
    } else {
      const style = part.aftermarket?.style ?? PART_NUMBER_STYLES[part.brand as Brand];
      add({ kind: 'supersedes', brand: r.chance(0.5) ? part.brand : null, number: style(r) });
      chain.links.push({ partNumber: part.partNumber, brand: part.brand, depth: 1 });
    }
    if (chain.links.length > 200) chain.links.shift();
  }
  return list;
}

function yearsText(from: number, to: number): string {
  return from === to ? String(from) : `${from}-${to}`;
}

/** A sub-range of a model's years: most parts fit the whole run, some one generation. */
function yearsFor(r: Random, m: SeedVehicleModel): [number, number] {
  if (r.chance(0.6) || m.yearTo - m.yearFrom < 2) return [m.yearFrom, m.yearTo];
  const from = r.int(m.yearFrom, m.yearTo - 1);
  return [from, r.int(from + 1, m.yearTo)];
}

export interface GenerateOptions {
  parts: number;
  seed: number;
  /** Mean fitment entries of a non-universal part (default 10.3: about 1,000,000 rows per 100,000 parts). */
  fitmentPerPart?: number;
}

export interface GenerateSummary {
  parts: number;
  fitmentRows: number;
  universal: number;
  /** OEM, interchange and superseded numbers written. */
  numbers: number;
  /** Parts of an aftermarket brand. */
  aftermarket: number;
  bytes: number;
}

/** Writes the catalogue to a stream, waiting for it to drain: memory stays flat at any size. */
export async function writeCatalogue(out: Writable, options: GenerateOptions): Promise<GenerateSummary> {
  const r = randomSource(options.seed);
  const meanFitment = options.fitmentPerPart ?? 10.3;
  const byMake = new Map<string, SeedVehicleModel[]>();
  for (const m of vehicleModels) byMake.set(m.make, [...(byMake.get(m.make) ?? []), m]);
  const makes = [...byMake.keys()] as Brand[];
  const used = new Set<string>();
  const summary: GenerateSummary = {
    parts: 0,
    fitmentRows: 0,
    universal: 0,
    numbers: 0,
    aftermarket: 0,
    bytes: 0,
  };
  const chain = { links: [] as ChainLink[], shared: new Map<Category, CsvNumber[]>() };

  const write = async (text: string) => {
    summary.bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  // The export's own writer: the generated file is in exactly the format the shop exports.
  await write(headerLine());

  for (let i = 0; i < options.parts; i++) {
    const make = r.pick(makes);
    const category = r.pick(CATEGORY_LIST);
    const plan = PLANS[category];
    // One part in seven is an aftermarket brand's, made for bikes of one maker.
    const aftermarket = r.chance(0.14) ? r.pick(AFTERMARKET[category]) : null;
    const brand = aftermarket?.brand ?? make;
    const type = r.pick(plan.types);
    const variant = r.pick(type.variants);
    const universal = r.chance(0.03);
    const own = byMake.get(make) ?? [];
    const primary = r.pick(own);

    let partNumber: string;
    // An aftermarket brand's catalogue has fewer numbers than a maker's: after a few repeats the
    // number takes a running suffix (a size or colour variant), so the loop always ends.
    const style = aftermarket?.style ?? PART_NUMBER_STYLES[make];
    partNumber = style(r);
    for (let tries = 0; used.has(partNumber); tries++) {
      partNumber = tries < 5 ? style(r) : `${style(r)}-${i}`;
    }
    used.add(partNumber);

    const fitment: CsvFitment[] = [];
    let name: string;
    let description: string;
    if (universal) {
      name = `${UNIVERSAL_BRAND_PREFIX} ${plan.universalName} — ${variant}`;
      description =
        `${plan.universalName} that fits any bike, in ${variant.toLowerCase()}. ` +
        `Made to ${brand} quality standards and checked before dispatch.`;
      summary.universal++;
    } else {
      // About ten entries: the named bike first, then siblings from the same maker; filters,
      // chains and mirrors also cross over to other makers' bikes with the same fitting.
      const target = Math.max(1, Math.round(meanFitment + (r.next() - 0.5) * 6));
      const crossMaker = category === 'filters' || category === 'chains-sprockets' || category === 'mirrors';
      const pool = crossMaker ? vehicleModels : own;
      const chosen = new Set<SeedVehicleModel>([primary]);
      for (let tries = 0; chosen.size < Math.min(target, pool.length) && tries < target * 4; tries++) {
        chosen.add(r.pick(pool));
      }
      for (const m of chosen) {
        const [yearFrom, yearTo] = yearsFor(r, m);
        const note = r.chance(0.08) ? r.pick(NOTES) : null;
        fitment.push({
          make: m.make,
          model: m.model,
          yearFrom,
          yearTo,
          position: type.position,
          quantity: type.quantity,
          note,
        });
      }
      summary.fitmentRows += chosen.size;
      name = aftermarket
        ? `${brand} ${type.name} for ${make} ${primary.model} — ${variant}`
        : `${brand} ${primary.model} ${type.name} — ${variant}`;
      description =
        `${aftermarket ? `${brand} ` : ''}${type.name} for the ${make} ${primary.model} (${yearsText(primary.yearFrom, primary.yearTo)})` +
        `${primary.engine ? `, ${primary.engine}` : ''}. ${variant} finish, made to the original ` +
        `dimensions so it bolts straight on. Also fits ${chosen.size - 1} other models: see the fitment list.`;
    }

    const [low, high] = plan.price;
    const dollars = low + Math.floor(r.next() * (high - low));
    const priceCents = dollars * 100 + Number(r.pick(['49', '99', '00', '50', '95']));
    const stock = r.chance(0.05) ? 0 : r.int(1, 500);
    const available = stock === 0 ? 0 : r.int(Math.ceil(stock / 2), stock);
    const minimum = available >= 4 && r.chance(0.15) ? r.int(2, 4) : 1;
    const specifications = type.specs(r, variant).map(([key, value]) => ({ key, value }));
    specifications.push({ key: 'Warranty', value: r.pick(['6 months', '1 year', '2 years']) });

    const numbers = otherNumbers(
      r,
      {
        partNumber,
        brand,
        makes: [...new Set(fitment.map((f) => f.make as Brand))].concat(make),
        aftermarket,
        universal,
      },
      category,
      chain,
    );
    summary.numbers += numbers.length;
    if (aftermarket) summary.aftermarket++;
    await write(
      partLine({
        partNumber,
        name,
        brand,
        category,
        seller: r.pick(SELLERS),
        priceCents,
        stock,
        availablequantity: available,
        minquantity: minimum,
        description,
        img: `/images/parts/${category}.svg`,
        universal,
        specifications,
        fitment,
        numbers,
      }),
    );
    summary.parts++;
  }
  return summary;
}

/** Writes the catalogue to a file (created or replaced). */
export async function writeCatalogueFile(file: string, options: GenerateOptions): Promise<GenerateSummary> {
  const out = fs.createWriteStream(file);
  const summary = await writeCatalogue(out, options);
  out.end();
  await once(out, 'finish');
  return summary;
}
