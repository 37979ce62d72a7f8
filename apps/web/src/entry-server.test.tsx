import { describe, expect, it } from 'vitest';
import { createPart } from '@/testing/part-factory';
import { createReview } from '@/testing/review-factory';
import { createServerRenderer } from './entry-server';

const ORIGIN = 'https://shop.example';

function problem(status: number) {
  return new Response(
    JSON.stringify({ status, title: 'Not Found', detail: 'We could not find that part.' }),
    {
      status,
      headers: { 'content-type': 'application/problem+json' },
    },
  );
}

/** The API as the server renderer reaches it, with one part and one review. */
function fakeApi() {
  const part = createPart({
    name: 'Yamaha R15 V4 Front Brake Pads',
    price: 24.5,
    reviewCount: 1,
    ratings: 4,
  });
  const review = createReview({ name: 'Sam Biker', descriptions: 'Stops well.', productId: part._id });
  const asked: string[] = [];
  const fetchApi = (url: string) => {
    asked.push(url);
    const path = url.split('?')[0];
    const json = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      );
    if (path === `/api/parts/${part._id}`) return json(part);
    if (path === `/api/parts/${part._id}/reviews`) return json([review]);
    return Promise.resolve(problem(404));
  };
  return { part, asked, renderer: createServerRenderer(ORIGIN, fetchApi) };
}

describe('server rendering', () => {
  it('renders a part page with its data, head and structured data, and hands the answers over', async () => {
    const { part, asked, renderer } = fakeApi();
    const page = await renderer.render(`/parts/${part._id}`);

    expect(page?.status).toBe(200);
    expect(page?.body).toContain(`<h1`);
    expect(page?.body).toContain(part.name);
    expect(page?.body).toContain('$24.50');
    expect(page?.body).toContain('Stops well.');
    expect(page?.body).not.toContain('<script');
    expect(page?.head).toContain(`<title>${part.name} | Pitstop Parts</title>`);
    expect(page?.head).toContain(`<link rel="canonical" href="${ORIGIN}/parts/${part._id}" />`);
    const ld = [
      ...(page?.head ?? '').matchAll(/<script type="application\/ld\+json" data-page-meta>(.*?)<\/script>/g),
    ].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    expect(ld.map((block) => block['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(ld[0]).toMatchObject({
      name: part.name,
      sku: part.partNumber,
      brand: { name: part.brand },
      offers: { price: '24.50', priceCurrency: 'USD' },
      aggregateRating: { ratingValue: 4, reviewCount: 1 },
    });
    // Its picture, the page's largest paint, is preloaded from the head as the <img> shows it.
    const img = /<img [^>]*>/.exec(page!.body)![0];
    const preload = /<link rel="preload" as="image" [^>]*>/.exec(page!.head)![0];
    expect(img).toMatch(/fetchpriority="high"/i);
    expect(preload).toContain(`href="${/ src="([^"]+)"/.exec(img)![1]}"`);
    expect(preload).toContain('fetchpriority="high"');
    expect(asked).toContain(`/api/parts/${part._id}`);
    const state = JSON.parse(page!.state) as { queries: { queryKey: unknown[] }[] };
    expect(state.queries.length).toBeGreaterThanOrEqual(2);
  });

  it('answers 404 for a part that does not exist and for an unknown page', async () => {
    const { renderer } = fakeApi();
    const missing = await renderer.render('/parts/8a7c2f4e-0000-4000-8000-000000000000');
    expect(missing?.status).toBe(404);
    expect(missing?.body).toContain('We could not find that part.');
    const unknown = await renderer.render('/no/such/page');
    expect(unknown?.status).toBe(404);
    expect(unknown?.head).toContain('<title>Page not found | Pitstop Parts</title>');
  });

  it("answers 500 when a page's data failed, and 503 while the API is unavailable", async () => {
    const part = createPart();
    const failing = (status: number) =>
      createServerRenderer(ORIGIN, () =>
        Promise.resolve(
          new Response(JSON.stringify({ status, title: 'Failed', detail: 'Down.' }), {
            status,
            headers: { 'content-type': 'application/problem+json' },
          }),
        ),
      );
    for (const url of ['/', '/parts', `/parts/${part._id}`]) {
      expect((await failing(500).render(url))?.status, url).toBe(500);
      expect((await failing(503).render(url))?.status, url).toBe(503);
    }
    // Unreachable (a network failure) is a failure of ours too.
    const unreachable = createServerRenderer(ORIGIN, () => Promise.reject(new TypeError('fetch failed')));
    expect((await unreachable.render('/parts'))?.status).toBe(500);
    // Pages that ask the API nothing are not affected.
    expect((await failing(503).render('/about'))?.status).toBe(200);
  });

  it('leaves signed-in screens to the browser', async () => {
    const { renderer } = fakeApi();
    for (const url of ['/order', '/dashboard/allorders', '/payment/x', '/profile', '/login']) {
      expect(await renderer.render(url)).toBeNull();
    }
  });
});
