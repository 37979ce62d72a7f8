// The bikes the shop knows: what the Year → Make → Model selector offers and what fitment rows
// refer to. Reference data the vehicles module syncs into its table at every start (not demo
// data, so it lives with the module, not the seed). Plain data only (no imports) so the module,
// the demo catalogue's tests and the catalogue generator can all read it.
// Model names are spelled exactly as the demo catalogue's fitment rows spell them. Years are
// model years on sale (Indian market first, global where the model is sold abroad); the engine
// describes the current generation.

export type SeedMake = 'Yamaha' | 'Suzuki' | 'TVS' | 'Bajaj' | 'Hero' | 'Honda';

export interface SeedVehicleModel {
  make: SeedMake;
  model: string;
  yearFrom: number;
  yearTo: number;
  variant?: string;
  engine?: string;
}

/** One row of the vehicles table: a model in one model year. */
export interface SeedVehicleYear {
  make: SeedMake;
  model: string;
  year: number;
  variant: string | null;
  engine: string | null;
}

export const vehicleModels: SeedVehicleModel[] = [
  // Yamaha
  {
    make: 'Yamaha',
    model: 'YZF-R15 V3',
    yearFrom: 2018,
    yearTo: 2021,
    engine: '155 cc liquid-cooled single, VVA',
  },
  {
    make: 'Yamaha',
    model: 'YZF-R15 V4',
    yearFrom: 2021,
    yearTo: 2025,
    engine: '155 cc liquid-cooled single, VVA',
  },
  {
    make: 'Yamaha',
    model: 'YZF-R15M',
    yearFrom: 2021,
    yearTo: 2025,
    variant: 'Quick shifter, traction control',
    engine: '155 cc liquid-cooled single, VVA',
  },
  {
    make: 'Yamaha',
    model: 'MT-15',
    yearFrom: 2019,
    yearTo: 2025,
    engine: '155 cc liquid-cooled single, VVA',
  },
  {
    make: 'Yamaha',
    model: 'XSR155',
    yearFrom: 2019,
    yearTo: 2025,
    engine: '155 cc liquid-cooled single, VVA',
  },
  {
    make: 'Yamaha',
    model: 'Aerox 155',
    yearFrom: 2021,
    yearTo: 2025,
    engine: '155 cc liquid-cooled single, VVA',
  },
  { make: 'Yamaha', model: 'FZ-S V3', yearFrom: 2019, yearTo: 2024, engine: '149 cc air-cooled single' },
  { make: 'Yamaha', model: 'FZ-X', yearFrom: 2021, yearTo: 2025, engine: '149 cc air-cooled single' },
  { make: 'Yamaha', model: 'FZ 25', yearFrom: 2017, yearTo: 2024, engine: '249 cc air-cooled single' },
  { make: 'Yamaha', model: 'Fazer 25', yearFrom: 2017, yearTo: 2020, engine: '249 cc air-cooled single' },
  {
    make: 'Yamaha',
    model: 'YZF-R3',
    yearFrom: 2015,
    yearTo: 2025,
    engine: '321 cc liquid-cooled parallel twin',
  },
  {
    make: 'Yamaha',
    model: 'MT-03',
    yearFrom: 2016,
    yearTo: 2025,
    engine: '321 cc liquid-cooled parallel twin',
  },
  {
    make: 'Yamaha',
    model: 'MT-07',
    yearFrom: 2014,
    yearTo: 2025,
    engine: '689 cc liquid-cooled parallel twin, CP2',
  },
  {
    make: 'Yamaha',
    model: 'XSR700',
    yearFrom: 2016,
    yearTo: 2025,
    engine: '689 cc liquid-cooled parallel twin, CP2',
  },
  {
    make: 'Yamaha',
    model: 'YZF-R7',
    yearFrom: 2021,
    yearTo: 2025,
    engine: '689 cc liquid-cooled parallel twin, CP2',
  },
  {
    make: 'Yamaha',
    model: 'Tenere 700',
    yearFrom: 2019,
    yearTo: 2025,
    engine: '689 cc liquid-cooled parallel twin, CP2',
  },
  {
    make: 'Yamaha',
    model: 'MT-09',
    yearFrom: 2014,
    yearTo: 2025,
    engine: '890 cc liquid-cooled inline triple, CP3',
  },
  {
    make: 'Yamaha',
    model: 'RayZR 125',
    yearFrom: 2021,
    yearTo: 2025,
    variant: 'Fi Hybrid',
    engine: '125 cc air-cooled single',
  },
  { make: 'Yamaha', model: 'Fascino 125', yearFrom: 2020, yearTo: 2025, engine: '125 cc air-cooled single' },

  // Suzuki
  { make: 'Suzuki', model: 'Gixxer 155', yearFrom: 2014, yearTo: 2025, engine: '155 cc oil-cooled single' },
  {
    make: 'Suzuki',
    model: 'Gixxer SF 155',
    yearFrom: 2015,
    yearTo: 2025,
    engine: '155 cc oil-cooled single',
  },
  { make: 'Suzuki', model: 'Gixxer 250', yearFrom: 2019, yearTo: 2025, engine: '249 cc oil-cooled single' },
  {
    make: 'Suzuki',
    model: 'Gixxer SF 250',
    yearFrom: 2019,
    yearTo: 2025,
    engine: '249 cc oil-cooled single',
  },
  { make: 'Suzuki', model: 'V-Strom SX', yearFrom: 2022, yearTo: 2025, engine: '249 cc oil-cooled single' },
  { make: 'Suzuki', model: 'Intruder 150', yearFrom: 2017, yearTo: 2020, engine: '155 cc air-cooled single' },
  { make: 'Suzuki', model: 'Access 125', yearFrom: 2007, yearTo: 2025, engine: '124 cc air-cooled single' },
  {
    make: 'Suzuki',
    model: 'Burgman Street 125',
    yearFrom: 2018,
    yearTo: 2025,
    engine: '124 cc air-cooled single',
  },
  { make: 'Suzuki', model: 'Avenis 125', yearFrom: 2021, yearTo: 2025, engine: '124 cc air-cooled single' },
  {
    make: 'Suzuki',
    model: 'V-Strom 650',
    yearFrom: 2004,
    yearTo: 2025,
    variant: 'DL650',
    engine: '645 cc liquid-cooled V-twin',
  },
  { make: 'Suzuki', model: 'SV650', yearFrom: 2016, yearTo: 2025, engine: '645 cc liquid-cooled V-twin' },
  {
    make: 'Suzuki',
    model: 'V-Strom 800DE',
    yearFrom: 2023,
    yearTo: 2025,
    engine: '776 cc liquid-cooled parallel twin',
  },
  {
    make: 'Suzuki',
    model: 'GSX-8S',
    yearFrom: 2023,
    yearTo: 2025,
    engine: '776 cc liquid-cooled parallel twin',
  },
  {
    make: 'Suzuki',
    model: 'Katana',
    yearFrom: 2019,
    yearTo: 2025,
    engine: '999 cc liquid-cooled inline-four',
  },
  {
    make: 'Suzuki',
    model: 'GSX-S1000',
    yearFrom: 2015,
    yearTo: 2025,
    engine: '999 cc liquid-cooled inline-four',
  },
  {
    make: 'Suzuki',
    model: 'Hayabusa',
    yearFrom: 2008,
    yearTo: 2025,
    variant: 'GSX1300R',
    engine: '1340 cc liquid-cooled inline-four',
  },

  // TVS
  {
    make: 'TVS',
    model: 'Apache RTR 160',
    yearFrom: 2007,
    yearTo: 2025,
    engine: '159.7 cc air-cooled single',
  },
  {
    make: 'TVS',
    model: 'Apache RTR 160 4V',
    yearFrom: 2018,
    yearTo: 2025,
    engine: '159.7 cc oil-cooled single, 4-valve',
  },
  {
    make: 'TVS',
    model: 'Apache RTR 180',
    yearFrom: 2009,
    yearTo: 2023,
    engine: '177.4 cc air-cooled single',
  },
  {
    make: 'TVS',
    model: 'Apache RTR 200 4V',
    yearFrom: 2016,
    yearTo: 2025,
    engine: '197.8 cc oil-cooled single, 4-valve',
  },
  {
    make: 'TVS',
    model: 'Apache RR 310',
    yearFrom: 2017,
    yearTo: 2025,
    engine: '312 cc liquid-cooled single',
  },
  {
    make: 'TVS',
    model: 'Apache RTR 310',
    yearFrom: 2023,
    yearTo: 2025,
    engine: '312 cc liquid-cooled single',
  },
  { make: 'TVS', model: 'Ronin', yearFrom: 2022, yearTo: 2025, engine: '225.9 cc air-and-oil-cooled single' },
  {
    make: 'TVS',
    model: 'Raider 125',
    yearFrom: 2021,
    yearTo: 2025,
    engine: '124.8 cc air-and-oil-cooled single',
  },
  { make: 'TVS', model: 'Ntorq 125', yearFrom: 2018, yearTo: 2025, engine: '124.8 cc air-cooled single' },
  { make: 'TVS', model: 'Jupiter', yearFrom: 2013, yearTo: 2025, engine: '109.7 cc air-cooled single' },
  { make: 'TVS', model: 'Jupiter 125', yearFrom: 2021, yearTo: 2025, engine: '124.8 cc air-cooled single' },
  {
    make: 'TVS',
    model: 'Star City Plus',
    yearFrom: 2015,
    yearTo: 2025,
    engine: '109.7 cc air-cooled single',
  },
  { make: 'TVS', model: 'Radeon', yearFrom: 2018, yearTo: 2025, engine: '109.7 cc air-cooled single' },
  { make: 'TVS', model: 'Sport', yearFrom: 2007, yearTo: 2025, engine: '109.7 cc air-cooled single' },
  { make: 'TVS', model: 'XL100', yearFrom: 2015, yearTo: 2025, engine: '99.7 cc air-cooled single' },
  { make: 'TVS', model: 'iQube', yearFrom: 2020, yearTo: 2025, engine: 'Electric, 4.4 kW hub motor' },

  // Bajaj
  {
    make: 'Bajaj',
    model: 'Pulsar 125',
    yearFrom: 2019,
    yearTo: 2025,
    engine: '124.4 cc air-cooled single, DTS-i',
  },
  {
    make: 'Bajaj',
    model: 'Pulsar 150',
    yearFrom: 2001,
    yearTo: 2025,
    engine: '149.5 cc air-cooled single, DTS-i',
  },
  {
    make: 'Bajaj',
    model: 'Pulsar 180',
    yearFrom: 2001,
    yearTo: 2022,
    engine: '178.6 cc air-cooled single, DTS-i',
  },
  {
    make: 'Bajaj',
    model: 'Pulsar 220F',
    yearFrom: 2009,
    yearTo: 2025,
    engine: '220 cc oil-cooled single, DTS-i',
  },
  {
    make: 'Bajaj',
    model: 'Pulsar NS125',
    yearFrom: 2021,
    yearTo: 2025,
    engine: '124.4 cc air-cooled single',
  },
  {
    make: 'Bajaj',
    model: 'Pulsar NS160',
    yearFrom: 2017,
    yearTo: 2025,
    engine: '160.3 cc oil-cooled single',
  },
  {
    make: 'Bajaj',
    model: 'Pulsar NS200',
    yearFrom: 2012,
    yearTo: 2025,
    engine: '199.5 cc liquid-cooled single',
  },
  {
    make: 'Bajaj',
    model: 'Pulsar RS200',
    yearFrom: 2015,
    yearTo: 2025,
    engine: '199.5 cc liquid-cooled single',
  },
  { make: 'Bajaj', model: 'Pulsar N150', yearFrom: 2023, yearTo: 2025, engine: '149.7 cc air-cooled single' },
  { make: 'Bajaj', model: 'Pulsar N160', yearFrom: 2022, yearTo: 2025, engine: '164.8 cc oil-cooled single' },
  { make: 'Bajaj', model: 'Pulsar N250', yearFrom: 2021, yearTo: 2025, engine: '249.1 cc oil-cooled single' },
  {
    make: 'Bajaj',
    model: 'Pulsar NS400Z',
    yearFrom: 2024,
    yearTo: 2025,
    engine: '373.3 cc liquid-cooled single',
  },
  {
    make: 'Bajaj',
    model: 'Dominar 250',
    yearFrom: 2020,
    yearTo: 2025,
    engine: '248.8 cc liquid-cooled single',
  },
  {
    make: 'Bajaj',
    model: 'Dominar 400',
    yearFrom: 2017,
    yearTo: 2025,
    engine: '373.3 cc liquid-cooled single',
  },
  {
    make: 'Bajaj',
    model: 'Avenger Street 160',
    yearFrom: 2019,
    yearTo: 2025,
    engine: '160 cc air-cooled single',
  },
  {
    make: 'Bajaj',
    model: 'Avenger Cruise 220',
    yearFrom: 2015,
    yearTo: 2025,
    engine: '220 cc oil-cooled single, DTS-i',
  },
  {
    make: 'Bajaj',
    model: 'Platina 110',
    yearFrom: 2019,
    yearTo: 2025,
    engine: '115.5 cc air-cooled single, DTS-i',
  },
  {
    make: 'Bajaj',
    model: 'CT 110',
    yearFrom: 2019,
    yearTo: 2025,
    engine: '115.5 cc air-cooled single, DTS-i',
  },

  // Hero (Hero MotoCorp models from 2011, when the Hero Honda brand ended)
  { make: 'Hero', model: 'Splendor Plus', yearFrom: 2011, yearTo: 2025, engine: '97.2 cc air-cooled single' },
  { make: 'Hero', model: 'HF Deluxe', yearFrom: 2011, yearTo: 2025, engine: '97.2 cc air-cooled single' },
  { make: 'Hero', model: 'Passion Pro', yearFrom: 2018, yearTo: 2025, engine: '113.2 cc air-cooled single' },
  { make: 'Hero', model: 'Glamour', yearFrom: 2011, yearTo: 2025, engine: '124.7 cc air-cooled single' },
  {
    make: 'Hero',
    model: 'Super Splendor',
    yearFrom: 2011,
    yearTo: 2025,
    engine: '124.7 cc air-cooled single',
  },
  { make: 'Hero', model: 'Xtreme 125R', yearFrom: 2024, yearTo: 2025, engine: '124.7 cc air-cooled single' },
  { make: 'Hero', model: 'Xtreme 160R', yearFrom: 2020, yearTo: 2025, engine: '163 cc air-cooled single' },
  {
    make: 'Hero',
    model: 'Xtreme 160R 4V',
    yearFrom: 2023,
    yearTo: 2025,
    engine: '163.2 cc oil-cooled single, 4-valve',
  },
  { make: 'Hero', model: 'Xtreme 200S', yearFrom: 2019, yearTo: 2025, engine: '199.6 cc oil-cooled single' },
  { make: 'Hero', model: 'Xpulse 200', yearFrom: 2019, yearTo: 2021, engine: '199.6 cc air-cooled single' },
  {
    make: 'Hero',
    model: 'Xpulse 200 4V',
    yearFrom: 2021,
    yearTo: 2025,
    engine: '199.6 cc oil-cooled single, 4-valve',
  },
  { make: 'Hero', model: 'Karizma XMR', yearFrom: 2023, yearTo: 2025, engine: '210 cc liquid-cooled single' },
  {
    make: 'Hero',
    model: 'Mavrick 440',
    yearFrom: 2024,
    yearTo: 2025,
    engine: '440 cc air-and-oil-cooled single',
  },
  { make: 'Hero', model: 'Destini 125', yearFrom: 2018, yearTo: 2025, engine: '124.6 cc air-cooled single' },
  {
    make: 'Hero',
    model: 'Maestro Edge 125',
    yearFrom: 2018,
    yearTo: 2025,
    engine: '124.6 cc air-cooled single',
  },
  {
    make: 'Hero',
    model: 'Pleasure Plus',
    yearFrom: 2019,
    yearTo: 2025,
    engine: '110.9 cc air-cooled single',
  },
  { make: 'Hero', model: 'Xoom 110', yearFrom: 2023, yearTo: 2025, engine: '110.9 cc air-cooled single' },

  // Honda
  {
    make: 'Honda',
    model: "CB350 H'ness",
    yearFrom: 2020,
    yearTo: 2025,
    engine: '348.4 cc air-cooled single',
  },
  { make: 'Honda', model: 'CB350RS', yearFrom: 2021, yearTo: 2025, engine: '348.4 cc air-cooled single' },
  { make: 'Honda', model: 'CB350', yearFrom: 2023, yearTo: 2025, engine: '348.4 cc air-cooled single' },
  { make: 'Honda', model: 'Hornet 2.0', yearFrom: 2020, yearTo: 2025, engine: '184.4 cc air-cooled single' },
  { make: 'Honda', model: 'CB200X', yearFrom: 2021, yearTo: 2025, engine: '184.4 cc air-cooled single' },
  { make: 'Honda', model: 'Unicorn', yearFrom: 2004, yearTo: 2025, engine: '162.7 cc air-cooled single' },
  { make: 'Honda', model: 'SP 160', yearFrom: 2023, yearTo: 2025, engine: '162.7 cc air-cooled single' },
  { make: 'Honda', model: 'SP 125', yearFrom: 2019, yearTo: 2025, engine: '123.9 cc air-cooled single' },
  { make: 'Honda', model: 'CB Shine', yearFrom: 2006, yearTo: 2025, engine: '123.9 cc air-cooled single' },
  { make: 'Honda', model: 'Shine 100', yearFrom: 2023, yearTo: 2025, engine: '98.98 cc air-cooled single' },
  { make: 'Honda', model: 'Livo', yearFrom: 2015, yearTo: 2025, engine: '109.5 cc air-cooled single' },
  { make: 'Honda', model: 'Activa 6G', yearFrom: 2020, yearTo: 2025, engine: '109.5 cc air-cooled single' },
  { make: 'Honda', model: 'Activa 125', yearFrom: 2019, yearTo: 2025, engine: '123.9 cc air-cooled single' },
  { make: 'Honda', model: 'Dio', yearFrom: 2002, yearTo: 2025, engine: '109.5 cc air-cooled single' },
  { make: 'Honda', model: 'CB300R', yearFrom: 2018, yearTo: 2025, engine: '286 cc liquid-cooled single' },
  {
    make: 'Honda',
    model: 'Rebel 500',
    yearFrom: 2017,
    yearTo: 2025,
    engine: '471 cc liquid-cooled parallel twin',
  },
  {
    make: 'Honda',
    model: 'CBR650R',
    yearFrom: 2019,
    yearTo: 2025,
    engine: '649 cc liquid-cooled inline-four',
  },
  {
    make: 'Honda',
    model: 'CB650R',
    yearFrom: 2019,
    yearTo: 2025,
    engine: '649 cc liquid-cooled inline-four',
  },
  {
    make: 'Honda',
    model: 'Grom',
    yearFrom: 2014,
    yearTo: 2025,
    variant: 'MSX125',
    engine: '124 cc air-cooled single',
  },
];

/** Each model expanded to one row per model year (yearFrom..yearTo inclusive), for the vehicles table. */
export function vehicleYears(): SeedVehicleYear[] {
  return vehicleModels.flatMap((m) =>
    Array.from({ length: m.yearTo - m.yearFrom + 1 }, (_, i) => ({
      make: m.make,
      model: m.model,
      year: m.yearFrom + i,
      variant: m.variant ?? null,
      engine: m.engine ?? null,
    })),
  );
}
