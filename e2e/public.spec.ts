import { describe, expect, it } from 'vitest';
import { PARTS_WEB_PAGE } from '@pitstop/core/catalogue';
import { messages, shopTexts } from '@pitstop/core/messages';
import { minimumsTexts, stockWords } from '@pitstop/core/minimums-texts';
import { apiParts, expectNoSeriousA11yViolations, signInAs, useBrowser } from './fixtures.ts';

const browser = useBrowser();

describe('home', () => {
  it('shows the carousel, the six brands, the first six parts, what we do and the business summary', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const { parts } = await apiParts('?limit=6');

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Parts', 'Blog', 'About', 'My Portfolio', 'Log In']) {
      await expect.poll(() => nav.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }

    const carousel = page.locator('[aria-roledescription="carousel"]');
    await expect.poll(() => carousel.count()).toBe(1);
    await expect.poll(() => carousel.locator('[aria-roledescription="slide"]').count()).toBe(3);

    for (const brand of ['Yamaha', 'Suzuki', 'TVS', 'Bajaj', 'Hero', 'Honda']) {
      const link = page.getByRole('link', { name: `${brand} parts`, exact: true });
      await expect.poll(() => link.getAttribute('href')).toBe(`/parts?brand=${brand}`);
    }

    const featured = page.getByRole('region', { name: 'Parts' }).getByRole('article');
    await expect.poll(() => featured.count()).toBe(6);
    const names = await featured.getByRole('heading').allInnerTexts();
    expect(names).toEqual(parts.map((p) => p.name));

    for (const text of ['Truck Selection', 'Truck Order', 'Express Delivery', '25.6K', '2.6M', '86%']) {
      await expect.poll(() => page.getByText(text, { exact: true }).first().isVisible()).toBe(true);
    }

    await page.getByRole('link', { name: 'See All Parts' }).click();
    await page.waitForURL('**/parts');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/parts/i);
    await expectNoSeriousA11yViolations(page);
  });

  it('has a title and a description for search engines', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await expect.poll(() => page.title()).toContain('Pitstop Parts');
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0).toBeGreaterThan(50);
    await expectNoSeriousA11yViolations(page);
  });
});

describe('parts', () => {
  it('lists every part, page by page, with name, seller, price, availability and Buy Now', async () => {
    const page = await browser.newPage();
    await page.goto('/parts');
    const { parts, total } = await apiParts('?limit=100');
    expect(total).toBeGreaterThanOrEqual(60);

    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(PARTS_WEB_PAGE);
    const first = cards.first();
    const part = parts[0]!;
    const text = await first.innerText();
    expect(text).toContain(part.name);
    expect(text).toContain(part.seller);
    expect(text).toContain(`$${part.price.toFixed(2)}`);
    // Stock in words (the count is for admins), and the minimum order when above 1.
    expect(text).toContain(stockWords(part));
    expect(text).not.toContain(`Available: ${part.availablequantity}`);
    if (part.minquantity > 1) expect(text).toContain(minimumsTexts.minimumOrder(part.minquantity));
    // The demo catalogue has no reviews: no stars, only the honest "No reviews yet".
    expect(part.reviewCount).toBe(0);
    await expect.poll(() => first.getByText(shopTexts.noReviewsYet).count()).toBe(1);
    expect(await first.getByRole('img', { name: /out of 5/ }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);

    // Follow "Next" page by page until the catalogue ends: every part, in the API's order. Other
    // suites add parts at the catalogue's end while this walks, so the count is read from each
    // page, and the parts listed at the start must come first and in order.
    const names: string[] = [];
    let last = { to: 0, of: 0 };
    for (let n = 1; n <= Math.ceil(total / PARTS_WEB_PAGE) + 10; n++) {
      const from = (n - 1) * PARTS_WEB_PAGE + 1;
      const status = page.getByText(`Showing ${from}–`);
      await expect.poll(() => status.isVisible()).toBe(true);
      const [, to, of] = /^Showing \d+–(\d+) of (\d+) parts$/.exec(await status.innerText())!;
      last = { to: Number(to), of: Number(of) };
      const headings = await cards.getByRole('heading').allInnerTexts();
      expect(headings.length).toBe(last.to - from + 1);
      names.push(...headings);
      const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' });
      if ((await next.count()) === 0) break;
      await next.click();
    }
    // The walk ended on the last page, having shown every part that page counts.
    expect(last.to).toBe(last.of);
    expect(names.length).toBe(last.to);
    expect(names.slice(0, parts.length)).toEqual(parts.map((p) => p.name));
  });

  it('opens a page of the catalogue from its address', async () => {
    const page = await browser.newPage();
    await page.goto('/parts?page=2');
    const { parts, total } = await apiParts(`?limit=${PARTS_WEB_PAGE}&offset=${PARTS_WEB_PAGE}`);
    await expect.poll(() => page.getByText(`Showing 13–24 of ${total} parts`).isVisible()).toBe(true);
    expect(await page.getByRole('article').getByRole('heading').allInnerTexts()).toEqual(
      parts.map((p) => p.name),
    );
    const current = page.getByRole('link', { name: 'Page 2' });
    expect(await current.getAttribute('aria-current')).toBe('page');
  });

  it('filters by brand from a brand card', async () => {
    const page = await browser.newPage();
    await page.goto('/parts?brand=Honda');
    const { total } = await apiParts('?brand=Honda');
    await expect.poll(() => page.getByText(`of ${total} parts`).isVisible()).toBe(true);
    const text = await page.getByRole('article').first().innerText();
    expect(text).toMatch(/Honda/);
  });

  it('follows Buy Now to the part page (signed in)', async () => {
    const page = await browser.newPage();
    await signInAs(page, 'rider@pitstop.com', 'pitstop-rider');
    await page.goto('/parts');
    const part = (await apiParts('?limit=1')).parts[0]!;
    await page.getByRole('link', { name: `Buy Now: ${part.name}` }).click();
    await page.waitForURL(`**/parts/${part._id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(part.name);
    await expect.poll(() => page.getByText(part.partNumber).first().isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });

  it('shows a visitor the part, and asks them to log in to order it', async () => {
    const page = await browser.newPage();
    await page.goto('/parts');
    const part = (await apiParts('?limit=1')).parts[0]!;
    await page.getByRole('link', { name: `Buy Now: ${part.name}` }).click();
    await page.waitForURL(`**/parts/${part._id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(part.name);
    await page.getByRole('link', { name: 'Log in to order' }).click();
    // The address first, then what a person sees: the login page's load event (its scripts and
    // images) is not what this asks, and on a loaded machine it can come after 10 s.
    await page.waitForURL('**/login', { waitUntil: 'commit' });
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Log In' }).isVisible()).toBe(true);
  });

  it('says so when a part does not exist', async () => {
    const page = await browser.newPage({ expectedConsoleErrors: /status of 404/ });
    await signInAs(page, 'rider@pitstop.com', 'pitstop-rider');
    const response = await page.goto('/parts/6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText('We could not find that part.').isVisible()).toBe(true);
  });

  it('shows an error with a retry when the catalogue cannot load, and recovers', async () => {
    const page = await browser.newPage({ expectedConsoleErrors: /status of 503/ });
    let fail = true;
    await page.route('**/api/parts?*', (route) =>
      fail
        ? route.fulfill({
            status: 503,
            contentType: 'application/problem+json',
            body: '{"type":"about:blank","title":"Service Unavailable","status":503}',
          })
        : route.continue(),
    );
    // The server renders /parts with its parts; the browser asks the API when it moves there.
    await page.goto('/about');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Parts', exact: true })
      .click();
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await expect.poll(() => alert.innerText(), { timeout: 15_000 }).toContain('Something went wrong');
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(PARTS_WEB_PAGE);
  });
});

describe('content pages', () => {
  it('about tells the shop’s promises', async () => {
    const page = await browser.newPage();
    await page.goto('/about');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('About');
    const text = await page.locator('main').innerText();
    for (const claim of ['48 states', '24', 'brake pads', 'headlights', 'shock absorbers', 'wheels']) {
      expect(text.toLowerCase()).toContain(claim.toLowerCase());
    }
    await expectNoSeriousA11yViolations(page);
  });

  it('blog answers open and close as disclosures', async () => {
    const page = await browser.newPage();
    await page.goto('/blog');
    const groups = page.locator('main details');
    await expect.poll(() => groups.count()).toBeGreaterThanOrEqual(6);
    const first = groups.first();
    expect(await first.getAttribute('open')).toBeNull();
    await first.locator('summary').click();
    expect(await first.getAttribute('open')).not.toBeNull();
    await first.locator('summary').press('Enter');
    expect(await first.getAttribute('open')).toBeNull();
    await expectNoSeriousA11yViolations(page);
  });

  it('portfolio shows the bio', async () => {
    const page = await browser.newPage();
    await page.goto('/portfolio');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect((await page.locator('main').innerText()).length).toBeGreaterThan(200);
    await expectNoSeriousA11yViolations(page);
  });

  it('login is reachable from the navbar', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Log In', exact: true }).click();
    await page.waitForURL('**/login');
    await expectNoSeriousA11yViolations(page);
  });

  it('an unknown address shows the not-found page, with status 404', async () => {
    const page = await browser.newPage({ expectedConsoleErrors: /status of 404/ });
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText(messages.notFoundPage).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });
});

describe('small screens', () => {
  it('opens the menu from a button at 360 px and closes it after navigating', async () => {
    const page = await browser.newPage({ width: 360, height: 740 });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // The shop's name, the cart and the menu button share one row of the header.
    const logo = await page.getByRole('banner').getByRole('link', { name: 'Pitstop Parts' }).boundingBox();
    const cart = await page.getByRole('link', { name: /^Cart/ }).boundingBox();
    const button = await menu.boundingBox();
    for (const box of [cart, button])
      expect(Math.abs(box!.y + box!.height / 2 - (logo!.y + logo!.height / 2))).toBeLessThan(4);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await page.waitForURL('**/about');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await expectNoSeriousA11yViolations(page);
  });
});
