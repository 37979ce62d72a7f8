import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  diagramsApi,
  type AssemblyDetail,
  type BikeDiagrams,
  type DiagramBikeSummary,
} from '@pitstop/core/diagrams';
import { useTestApp } from '../../test/app.js';
import { sanitiseSvg } from './svg.js';

/** The demo bikes' diagrams that `npm start` seeds (issue #29, item 6). */
const t = useTestApp({ seed: true });
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

async function detail(year: number, make: string, model: string, slug: string): Promise<AssemblyDetail> {
  const res = await t.app.inject({ method: 'GET', url: diagramsApi.assembly({ year, make, model }, slug) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AssemblyDetail;
}

describe('the demo diagrams', () => {
  it('give four demo bikes a few assemblies each', async () => {
    const bikes = (
      await t.app.inject({ method: 'GET', url: diagramsApi.bikes })
    ).json() as DiagramBikeSummary[];
    expect(bikes.map((b) => `${b.make} ${b.model} ${b.yearFrom}-${b.yearTo}: ${b.assemblies}`)).toEqual([
      'Hero Splendor Plus 2011-2025: 4',
      'TVS Apache RTR 160 4V 2018-2025: 4',
      'Yamaha MT-15 2019-2025: 5',
      'Yamaha YZF-R15 V4 2021-2025: 4',
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/diagrams/yamaha/mt-15/2020' });
    const body = res.json() as BikeDiagrams;
    expect(body.bike).toEqual({ year: 2020, make: 'Yamaha', model: 'MT-15' });
    expect(body.assemblies.map((a) => a.name)).toEqual([
      'Front brake caliper',
      'Drive chain',
      'Clutch and oil filter',
      'Rear suspension',
      'Mirrors',
    ]);
    expect(body.assemblies[0]?.thumbnail).toBe('/images/diagrams/front-brake-caliper-320w.webp');
  });

  it('link parts that fit the bike, except a headlamp made from 2021', async () => {
    for (const bike of [
      { year: 2020, make: 'Yamaha', model: 'MT-15' },
      { year: 2022, make: 'Yamaha', model: 'YZF-R15 V4' },
      { year: 2023, make: 'TVS', model: 'Apache RTR 160 4V' },
      { year: 2015, make: 'Hero', model: 'Splendor Plus' },
    ]) {
      const list = (
        await t.app.inject({ method: 'GET', url: diagramsApi.bike(bike) })
      ).json() as BikeDiagrams;
      for (const a of list.assemblies) {
        const d = await detail(bike.year, bike.make, bike.model, a.slug);
        expect(d.callouts.length, a.name).toBeGreaterThan(0);
        for (const c of d.callouts) {
          expect(c.parts.length).toBeGreaterThan(0);
          expect(
            c.parts.every((p) => p.fits),
            `${bike.model} ${a.name} ${c.number}`,
          ).toBe(true);
          expect(c.x > 0.05 && c.x < 0.95 && c.y > 0.05 && c.y < 0.95).toBe(true);
        }
      }
    }
    const early = await detail(2019, 'TVS', 'Apache RTR 160 4V', 'headlight');
    expect(early.callouts[0]?.parts[0]).toMatchObject({ partNumber: 'N6120455', fits: false });
  });

  it('are drawn like the demo illustrations, with WebP renditions, and pass the SVG rules', async () => {
    const d = await detail(2020, 'Yamaha', 'MT-15', 'mirrors');
    expect(d.image).toBe('/images/diagrams/mirrors.svg');
    expect(d.picture).toMatchObject({ src: '/images/diagrams/mirrors.webp', width: 1280, height: 960 });
    for (const url of [d.picture.src, ...d.picture.copies.map((c) => c.url)]) {
      expect(fs.existsSync(path.join(publicDir, url)), url).toBe(true);
    }
    for (const file of fs
      .readdirSync(path.join(publicDir, 'images/diagrams'))
      .filter((f) => f.endsWith('.svg'))) {
      expect(
        sanitiseSvg(fs.readFileSync(path.join(publicDir, 'images/diagrams', file), 'utf8')).removed,
      ).toEqual([]);
    }
  });
});
