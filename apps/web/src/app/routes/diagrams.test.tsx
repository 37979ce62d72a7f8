import { describe, expect, it } from 'vitest';
import { createServerRenderer } from '@/entry-server';
import { createAssembly } from '@/features/diagrams/testing/assembly-factory';

const ORIGIN = 'https://shop.example';

/** The API as the server renderer reaches it: one bike with one assembly. */
function fakeApi() {
  const assembly = createAssembly();
  const json = (body: unknown) =>
    Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
  const fetchApi = (url: string) => {
    const path = url.split('?')[0];
    if (path === '/api/diagrams/yamaha/mt-07/2019/front-brake-caliper') return json(assembly);
    if (path === '/api/diagrams/yamaha/mt-07/2019')
      return json({
        bike: assembly.bike,
        assemblies: [{ ...assembly, callouts: undefined, picture: undefined }],
      });
    return Promise.resolve(
      new Response(JSON.stringify({ status: 404, title: 'Not Found', detail: 'No such diagram.' }), {
        status: 404,
        headers: { 'content-type': 'application/problem+json' },
      }),
    );
  };
  return { assembly, renderer: createServerRenderer(ORIGIN, fetchApi) };
}

function jsonLd(head: string | undefined): Record<string, unknown>[] {
  return [
    ...(head ?? '').matchAll(/<script type="application\/ld\+json" data-page-meta>(.*?)<\/script>/g),
  ].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

describe('diagram pages on the server', () => {
  it('renders an assembly with its title, canonical address, breadcrumb JSON-LD, hotspots and parts', async () => {
    const { renderer } = fakeApi();
    const page = await renderer.render('/diagrams/yamaha/mt-07/2019/front-brake-caliper');
    expect(page?.status).toBe(200);
    expect(page?.head).toContain(
      '<title>Front brake caliper — 2019 Yamaha MT-07 parts diagram | Pitstop Parts</title>',
    );
    expect(page?.head).toContain(
      `<link rel="canonical" href="${ORIGIN}/diagrams/yamaha/mt-07/2019/front-brake-caliper" />`,
    );
    const [crumbs] = jsonLd(page?.head);
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: `${ORIGIN}/` },
        { position: 2, name: '2019 Yamaha MT-07', item: `${ORIGIN}/parts?year=2019&make=Yamaha&model=MT-07` },
        { position: 3, name: 'Diagrams', item: `${ORIGIN}/diagrams/yamaha/mt-07/2019` },
        {
          position: 4,
          name: 'Front brake caliper',
          item: `${ORIGIN}/diagrams/yamaha/mt-07/2019/front-brake-caliper`,
        },
      ],
    });
    // The drawing is asked for from the head, and holds its box (width and height) meanwhile.
    expect(page?.head).toMatch(/<link rel="preload" as="image"[^>]*front-brake-caliper/);
    expect(page?.body).toMatch(/<img[^>]*width="1280"[^>]*height="960"/);
    // The hotspots and the list are in the HTML, in number order.
    const names = [...(page?.body ?? '').matchAll(/aria-label="(\d+: [^"]+)"/g)].map((m) => m[1]);
    expect(names).toEqual(['1: Caliper body', '2: Brake pad set', '3: Bleed screw left, Bleed screw right']);
    expect(page?.body).toContain('$34.99');
  });

  it("renders a bike's assemblies with their links, and 404 for a bike or an assembly it does not know", async () => {
    const { renderer } = fakeApi();
    const page = await renderer.render('/diagrams/yamaha/mt-07/2019');
    expect(page?.status).toBe(200);
    expect(page?.head).toContain('<title>2019 Yamaha MT-07 parts diagrams | Pitstop Parts</title>');
    expect(page?.head).toContain(`<link rel="canonical" href="${ORIGIN}/diagrams/yamaha/mt-07/2019" />`);
    expect(jsonLd(page?.head)[0]?.['itemListElement']).toHaveLength(3);
    expect(page?.body).toContain('href="/diagrams/yamaha/mt-07/2019/front-brake-caliper"');

    expect((await renderer.render('/diagrams/yamaha/mt-07/2019/rear-wheel'))?.status).toBe(404);
    expect((await renderer.render('/diagrams/yamaha/unknown/2019'))?.status).toBe(404);
    expect((await renderer.render('/diagrams/yamaha/mt-07/19x9'))?.status).toBe(404);
  });
});
