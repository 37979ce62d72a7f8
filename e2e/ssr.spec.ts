import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Part } from '@pitstop/core/parts';
import { apiParts, baseURL, signInAs, useBrowser } from './fixtures.ts';

const browser = useBrowser();

async function firstPart(): Promise<Part> {
  return (await apiParts('?limit=1')).parts[0]!;
}

/**
 * Holds back the page's entry script, so the server's HTML stands alone until the returned
 * release() lets the script load.
 */
async function holdEntryScript(page: Page): Promise<() => void> {
  let release = () => {};
  const scriptHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await scriptHeld;
    await route.continue();
  });
  return release;
}

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

describe('pages without JavaScript', () => {
  it('a part page carries the name, price, photo and a Product in JSON-LD', async () => {
    const part = await firstPart();
    const res = await fetch(`${baseURL()}/parts/${part._id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(`>${part.name}</h1>`);
    expect(root).toContain(`$${part.price.toFixed(2)}`);
    // The demo's drawings are shown, previewed and described by their WebP rendition.
    const photo = part.img.replace(/\.svg$/, '.webp');
    expect(root).toContain(`src="${photo}"`);
    expect(html).toContain(`<title>${part.name} | Pitstop Parts</title>`);
    expect(html).toMatch(/<link rel="canonical" href="http[^"]+" \/>/);
    expect(html).toContain(`/parts/${part._id}" />`);
    const preview = /<meta property="og:image" content="(http[^"]+)"/.exec(html)?.[1];
    expect(preview?.endsWith(photo)).toBe(true);
    const [product, breadcrumbs] = jsonLdBlocks(html);
    expect(product).toMatchObject({
      '@type': 'Product',
      name: part.name,
      sku: part.partNumber,
      brand: { name: part.brand },
      offers: { price: part.price.toFixed(2), priceCurrency: 'USD' },
    });
    const [described] = (product as { image: string[] }).image;
    expect(described).toBe(preview);
    expect(breadcrumbs?.['@type']).toBe('BreadcrumbList');
    // No inline script runs: hydration state travels as data.
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    for (const attrs of scripts) expect(attrs).toMatch(/src=|type="application\/(ld\+)?json"/);
  });

  it('the catalogue and the home page carry their parts', async () => {
    const part = await firstPart();
    for (const path of ['/', '/parts']) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      expect(html.slice(html.indexOf('<div id="root">'))).toContain(part.name);
    }
  });

  it('an unknown part and an unknown page answer 404', async () => {
    const missing = await fetch(`${baseURL()}/parts/6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('We could not find that part.');
    expect((await fetch(`${baseURL()}/not/a/page`)).status).toBe(404);
  });
});

describe('hydration', () => {
  // React reports a hydration mismatch through onRecoverableError (start.tsx), written to the
  // console as an error: the page fixture fails the test on any console error.
  it('every public page comes alive without a console error, a hydration error or a second request', async () => {
    const part = await firstPart();
    for (const path of [
      '/',
      '/parts',
      '/parts?brand=Honda&sort=price-asc',
      '/parts?year=2019&make=Yamaha&model=YZF-R15+V3',
      `/parts/${part._id}`,
      '/about',
      '/blog',
      '/portfolio',
      '/returns',
      '/no/such/page',
    ]) {
      // The browser itself logs the 404 of an unknown page's document; nothing else may be logged.
      const page = await browser.newPage(
        path === '/no/such/page' ? { expectedConsoleErrors: /status of 404/ } : {},
      );
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      // Hydrated: a client-side link works without a full page load.
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      const next = path === '/blog' ? 'About' : 'Blog';
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: next, exact: true })
        .click();
      await page.waitForURL(`**/${next.toLowerCase()}`);
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker), path).toBe(1);
      expect(apiCalls, `${path} asked the API again`).toEqual([]);
    }
  });

  it('a page whose server markup does not match the app is reported loudly', async () => {
    // The check above would pass quietly if a mismatch were not reported: stage one.
    const page = await browser.newPage({ expectedConsoleErrors: /React recoverable error/ });
    const reported: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && msg.text().includes('React recoverable error')) reported.push(msg.text());
    });
    await page.route('**/about', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('>About</h1>', '>Not what the app renders</h1>');
      await route.fulfill({ response, body: html });
    });
    await page.goto('/about');
    await expect.poll(() => reported.length).toBeGreaterThan(0);
    // React renders that part afresh: the visitor sees the app's heading.
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'About' }).isVisible()).toBe(true);
  });

  it('hydrates the server markup in place: every element it sent stays on screen', async () => {
    const part = await firstPart();
    for (const path of ['/', '/parts', `/parts/${part._id}`]) {
      const page = await browser.newPage();
      const release = await holdEntryScript(page);
      await page.goto(path, { waitUntil: 'commit' });
      // The page state comes right after the rendered page: all of it has been parsed.
      await page.locator('#ssr-state').waitFor({ state: 'attached' });
      // A mismatch React recovers from throws the server's elements away and makes new ones.
      const sent = await page.evaluate(() => {
        const elements = document.querySelectorAll('#root *');
        elements.forEach((element) => ((element as Element & { sent?: true }).sent = true));
        return elements.length;
      });
      release();
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      const kept = await page.evaluate(
        () =>
          Array.from(document.querySelectorAll('#root *')).filter(
            (e) => (e as Element & { sent?: true }).sent,
          ).length,
      );
      expect(kept, path).toBe(sent);
      await page.close();
    }
  });

  it('fetches the app once the page is painted, and adds no preload link of its own', async () => {
    const part = await firstPart();
    for (const path of ['/', '/parts', `/parts/${part._id}`]) {
      const html = await (await fetch(`${baseURL()}${path}`)).text();
      // Only the small entry: the app's code would compete with the stylesheet and the first
      // view's pictures on a slow connection.
      const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts, path).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);
      expect(html, path).not.toContain('rel="modulepreload"');
      const page = await browser.newPage();
      const requested: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/assets/storefront-')) requested.push(request.url());
      });
      await page.goto(path);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      // Asked for once, after the first paint.
      expect(requested, path).toHaveLength(1);
      const [app] = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/assets/storefront-')),
      );
      const [painted] = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint'));
      expect(app!.startTime, path).toBeGreaterThanOrEqual(painted!.startTime);
      // A link added from script is a request made from script: dearer on a phone's main thread
      // than the same chunk asked for by the browser's module loader.
      expect(await page.locator('link[rel="modulepreload"]').count(), path).toBe(0);
      await page.close();
    }
  });

  it('changes nothing the server sent while it comes alive, but what only the app can do', async () => {
    const part = await firstPart();
    for (const path of ['/', '/parts', `/parts/${part._id}`, '/about']) {
      const page = await browser.newPage();
      await page.addInitScript(() => {
        const changes: string[] = [];
        // An attribute's value before its first change: React hydrates a form field by setting
        // its attributes again (some through a blank value first), which ends where the server's
        // markup was; only an attribute whose value differs in the end is a change.
        const attributesBefore = new Map<Element, Map<string, string | null>>();
        const name = (node: Node) =>
          node instanceof Element
            ? `${node.tagName.toLowerCase()}${node.getAttribute('aria-label') ? `[${node.getAttribute('aria-label')}]` : ''}`
            : `${node.nodeName} ${JSON.stringify(node.textContent)}`;
        (window as unknown as { changes: () => string[] }).changes = () => {
          const changed: string[] = [];
          for (const [element, attributes] of attributesBefore)
            for (const [attribute, before] of attributes) {
              const after = element.getAttribute(attribute);
              if (after !== before) changed.push(`${name(element)} ${attribute}: ${before} -> ${after}`);
            }
          return [...changes, ...changed];
        };
        const observer = new MutationObserver((records) => {
          for (const record of records) {
            if (record.type === 'attributes') {
              const element = record.target as Element;
              const attributes = attributesBefore.get(element) ?? new Map<string, string | null>();
              attributesBefore.set(element, attributes);
              if (!attributes.has(record.attributeName!))
                attributes.set(record.attributeName!, record.oldValue);
            } else if (record.type === 'characterData')
              changes.push(
                `text ${JSON.stringify(record.oldValue)} -> ${JSON.stringify(record.target.textContent)}`,
              );
            else
              changes.push(
                `${name(record.target)} +[${Array.from(record.addedNodes, name).join(', ')}] -[${Array.from(record.removedNodes, name).join(', ')}]`,
              );
          }
        });
        document.addEventListener('DOMContentLoaded', () =>
          observer.observe(document, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
            attributeOldValue: true,
            characterDataOldValue: true,
          }),
        );
      });
      await page.goto(path);
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      const changes = await page.evaluate(() => (window as unknown as { changes: () => string[] }).changes());
      // Each change costs the phone a style, layout and paint pass while the page comes alive.
      // Allowed: the mark the tests wait for; buttons that wait for the app (Add to cart) enabled;
      // on the home page, the carousel's pause button and its live region, for the rotation that
      // only runs with the app.
      const unexpected = changes.filter(
        (change) =>
          change !== 'html data-hydrated: null -> true' &&
          !(change.startsWith('button') && change.endsWith(' disabled:  -> null')) &&
          !(
            path === '/' &&
            (change === 'div aria-live: polite -> off' ||
              change === 'div +[button[Stop automatic slide show]] -[]')
          ),
      );
      expect(unexpected, path).toEqual([]);
      await page.close();
    }
  });

  it('a signed-in customer gets the server page, then their own navbar', async () => {
    const part = await firstPart();
    const page = await browser.newPage();
    await signInAs(page, 'rider@pitstop.com', 'pitstop-rider');
    await page.goto(`/parts/${part._id}`);
    await expect.poll(() => page.getByRole('button', { name: 'Place Order' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'My Orders' }).first().isVisible()).toBe(true);
  });

  it('keeps what was typed into the search box before the script ran, and searches for it', async () => {
    const page = await browser.newPage();
    const release = await holdEntryScript(page);
    await page.goto('/parts', { waitUntil: 'commit' });
    const box = page.getByRole('combobox', { name: 'Search parts' });
    await box.waitFor();
    await box.pressSequentially('brake', { delay: 20 });
    release();
    await page.waitForLoadState('networkidle');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'brake');
    await expect.poll(() => box.inputValue()).toBe('brake');
  });

  it('keeps a year chosen in the bike picker before the script ran', async () => {
    const page = await browser.newPage();
    const release = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Find parts for your bike' });
    const year = form.getByLabel('Year', { exact: true });
    await year.waitFor();
    const firstYear = await year.locator('option').nth(1).getAttribute('value');
    await year.selectOption(firstYear!);
    release();
    const make = form.getByLabel('Make', { exact: true });
    await expect.poll(() => make.isEnabled()).toBe(true);
    await expect.poll(() => make.locator('option').count()).toBeGreaterThan(1);
    expect(await year.inputValue()).toBe(firstYear);
  });

  it('applies a filter box, a rating and a sort chosen on /parts before the script ran', async () => {
    const page = await browser.newPage();
    const release = await holdEntryScript(page);
    await page.goto('/parts', { waitUntil: 'commit' });
    const inStock = page.getByRole('checkbox', { name: /In stock only/ });
    await inStock.waitFor();
    await inStock.check();
    await page.getByRole('radio', { name: '3 stars and up' }).check();
    await page.getByLabel('Sort by', { exact: true }).selectOption('price_asc');
    release();
    // Each choice reaches the URL, so the results, the counts and a shared link agree with the screen.
    await page.waitForURL((url) => {
      const q = url.searchParams;
      return q.get('inStock') === 'true' && q.get('minRating') === '3' && q.get('sort') === 'price_asc';
    });
    await expect.poll(() => inStock.isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('radio', { name: '3 stars and up' }).isChecked()).toBe(true);
  });
});
