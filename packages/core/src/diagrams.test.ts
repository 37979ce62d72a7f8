import { describe, expect, it } from 'vitest';
import {
  AssemblyInputSchema,
  CalloutInputSchema,
  CalloutMoveSchema,
  diagramAssemblyPath,
  diagramBikePath,
  diagramPicture,
  diagramsApi,
  diagramThumbnail,
  diagramTexts,
  DiagramsDocumentSchema,
  vehicleSlug,
} from './diagrams.js';

const HASH = 'a'.repeat(64);

describe('the diagrams’ addresses', () => {
  it('name the bike by slugs of its make and model', () => {
    expect(vehicleSlug('YZF-R15 V3')).toBe('yzf-r15-v3');
    expect(vehicleSlug(' CB500X (ABS) ')).toBe('cb500x-abs');
    expect(vehicleSlug(vehicleSlug('Ninja 400'))).toBe('ninja-400');
    const bike = { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' };
    expect(diagramBikePath(bike)).toBe('/diagrams/yamaha/yzf-r15-v3/2019');
    expect(diagramAssemblyPath(bike, 'front-brake-caliper')).toBe(
      '/diagrams/yamaha/yzf-r15-v3/2019/front-brake-caliper',
    );
    expect(diagramsApi.bike(bike, 'brake pads')).toBe('/api/diagrams/yamaha/yzf-r15-v3/2019?q=brake+pads');
  });
});

describe('a diagram’s picture', () => {
  it('is the drawing’s WebP renditions or the upload’s sized copies', () => {
    expect(diagramPicture('/images/diagrams/front-brake-caliper.svg')).toMatchObject({
      src: '/images/diagrams/front-brake-caliper.webp',
      width: 1280,
      height: 960,
    });
    const upload = diagramPicture(`/uploads/${HASH}-800x600.webp`);
    expect(upload).toMatchObject({ src: `/uploads/${HASH}-800x600.webp`, width: 800, height: 600 });
    expect(upload.copies.map((c) => c.width)).toEqual([160, 320, 640]);
    expect(diagramThumbnail(`/uploads/${HASH}-800x600.webp`)).toBe(`/uploads/${HASH}-320w.webp`);
  });
});

describe('the admin inputs', () => {
  const assembly = {
    make: 'Yamaha',
    model: 'YZF-R15 V3',
    yearFrom: 2017,
    yearTo: 2021,
    name: 'Front brake caliper',
    image: `/uploads/${HASH}-800x600.webp`,
  };

  it('take an assembly and refuse years out of order or a foreign picture', () => {
    expect(AssemblyInputSchema.parse(assembly)).toMatchObject({ slug: '', position: 0 });
    const reversed = AssemblyInputSchema.safeParse({ ...assembly, yearFrom: 2022 });
    expect(reversed.error?.issues[0]).toMatchObject({ path: ['yearTo'], message: diagramTexts.yearsOrdered });
    const foreign = AssemblyInputSchema.safeParse({ ...assembly, image: 'https://evil.example/x.svg' });
    expect(foreign.error?.issues[0]?.path).toEqual(['image']);
    expect(AssemblyInputSchema.safeParse({ ...assembly, slug: 'Front Brake' }).success).toBe(false);
  });

  it('refuse a callout outside the picture, naming x or y', () => {
    const callout = { number: 1, x: 0.5, y: 0.5, parts: [{ partNumber: 'BP-1' }] };
    expect(CalloutInputSchema.parse(callout).parts[0]).toEqual({
      partNumber: 'BP-1',
      quantity: 1,
      note: null,
    });
    const outside = CalloutInputSchema.safeParse({ ...callout, x: 1.2 });
    expect(outside.error?.issues[0]).toMatchObject({ path: ['x'], message: diagramTexts.outsidePicture });
    expect(CalloutMoveSchema.safeParse({ x: 0.1, y: -0.01 }).error?.issues[0]?.path).toEqual(['y']);
    expect(CalloutInputSchema.safeParse({ ...callout, parts: [] }).success).toBe(false);
  });

  it('read an import document with its callouts', () => {
    const doc = DiagramsDocumentSchema.parse({
      assemblies: [{ ...assembly, callouts: [{ number: 2, x: 0, y: 1, parts: [{ partNumber: 'X' }] }] }],
    });
    expect(doc.version).toBe(1);
    expect(doc.assemblies[0]?.callouts[0]?.number).toBe(2);
    expect(DiagramsDocumentSchema.safeParse({ assemblies: [] }).success).toBe(false);
  });
});
