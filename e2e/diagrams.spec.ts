import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import type { AssemblyDetail } from '@pitstop/core/diagrams';
import type { Vehicle } from '@pitstop/core/fitment';
import { cardAddLabel } from '@pitstop/core/minimums-texts';
import type { Part } from '@pitstop/core/parts';
import { vehicleParams } from '@pitstop/core/vehicle-fit';
import { apiParts, baseURL, expectNoSeriousA11yViolations, signInAs, useBrowser } from './fixtures.ts';

const browser = useBrowser();

/** A demo bike the selector offers, with demo parts that fit it. */
const BIKE: Vehicle = { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' };
const BIKE_DIAGRAMS = '/diagrams/yamaha/yzf-r15-v3/2019';
const ADMIN = { email: 'admin@pitstop.com', password: 'pitstop-admin' };

let adminKey: string;
/** Two parts that fit the bike (or any bike), in stock. */
let parts: [Part, Part];
const made: string[] = [];

async function admin(path: string, method: string, body?: unknown): Promise<Response> {
  return fetch(`${baseURL()}/api/admin/diagrams${path}`, {
    method,
    headers: {
      authorization: `Bearer ${adminKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * An assembly of the bike drawn as the demo caliper, named for this test so concurrent tests and
 * earlier runs do not meet; with the two parts as callouts 1 and 2 unless `empty`.
 */
async function seedAssembly(empty = false): Promise<AssemblyDetail> {
  const tag = randomUUID().slice(0, 8);
  const res = await admin('', 'POST', {
    make: BIKE.make,
    model: BIKE.model,
    yearFrom: BIKE.year,
    yearTo: BIKE.year,
    name: `Brakes and chain ${tag}`,
    slug: '',
    image: '/images/diagrams/front-brake-caliper.svg',
    position: 0,
  });
  expect(res.status).toBe(201);
  let assembly = (await res.json()) as AssemblyDetail;
  made.push(assembly.id);
  if (empty) return assembly;
  for (const [index, part] of parts.entries()) {
    const added = await admin(`/${assembly.id}/callouts`, 'POST', {
      number: index + 1,
      x: index === 0 ? 0.3 : 0.7,
      y: index === 0 ? 0.35 : 0.6,
      parts: [{ partNumber: part.partNumber, quantity: 1 }],
    });
    expect(added.status).toBe(201);
    assembly = (await added.json()) as AssemblyDetail;
  }
  return assembly;
}

beforeAll(async () => {
  const scratch = await browser.newPage();
  adminKey = await signInAs(scratch, ADMIN.email, ADMIN.password);
  await scratch.close();
  const { parts: fitting } = await apiParts({ ...vehicleParams(BIKE), inStock: 'true', limit: '100' });
  // Ordered one at a time where the catalogue has such parts (then Add to cart adds one).
  const chosen = fitting
    .filter((p) => p.availablequantity >= 3 * p.minquantity)
    .sort((a, b) => a.minquantity - b.minquantity);
  if (chosen.length < 2) throw new Error('the demo catalogue needs two parts in stock that fit the bike');
  parts = [chosen[0]!, chosen[1]!];
});

afterAll(async () => {
  for (const id of made) await admin(`/${id}`, 'DELETE');
});

const cart = (page: Page) => page.getByRole('link', { name: /^Cart/ });
const row = (page: Page, n: number) =>
  page.getByRole('listitem', { name: diagramTexts.calloutParts(n, parts[n - 1]!.name), exact: true });
const hotspot = (page: Page, n: number) => page.getByRole('button', { name: `${n}: ${parts[n - 1]!.name}` });

/** Year → Make → Model in the home page's selector; the catalogue opens for the bike. */
async function pickBike(page: Page): Promise<void> {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Find parts for your bike' });
  await form.getByLabel('Year', { exact: true }).selectOption(String(BIKE.year));
  await form.getByLabel('Make', { exact: true }).selectOption(BIKE.make);
  await form.getByLabel('Model', { exact: true }).selectOption(BIKE.model);
  await form.getByRole('button', { name: 'Show parts' }).click();
  await page.waitForURL('**/parts?**');
}

/** From the garage's link to the assembly, by the grid's search. */
async function openAssembly(page: Page, assembly: AssemblyDetail): Promise<void> {
  await page.getByRole('link', { name: 'Parts diagrams', exact: true }).click();
  await page.waitForURL(`**${BIKE_DIAGRAMS}`);
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).innerText())
    .toBe(diagramTexts.bikeHeading('2019 Yamaha YZF-R15 V3'));
  await page.getByRole('searchbox', { name: diagramTexts.searchLabel }).fill(assembly.name);
  // Only this test's assembly is left of the bike's (other tests and runs add theirs).
  await expect.poll(() => page.getByRole('link', { name: 'Brakes and chain' }).count()).toBe(1);
  await page.getByRole('link', { name: assembly.name }).click();
  await page.waitForURL(`**${BIKE_DIAGRAMS}/${assembly.slug}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(assembly.name);
}

async function expectBothInCart(page: Page): Promise<void> {
  // Each Add to cart adds the part's minimum order.
  const items = parts[0].minquantity + parts[1].minquantity;
  await expect.poll(() => cart(page).getAttribute('aria-label')).toBe(`Cart, ${items} items`);
  await page.goto('/cart');
  for (const part of parts) await page.getByRole('article', { name: part.name }).waitFor();
}

describe('shop by diagram', () => {
  for (const width of [1280, 360]) {
    it(`a rider picks the bike, opens an assembly and orders two parts from its drawing (${width} px)`, async () => {
      const assembly = await seedAssembly();
      const page = await browser.newPage({ width, height: 900 });
      await pickBike(page);
      await openAssembly(page, assembly);

      // The list sits beside the drawing on a wide screen and below it on a phone.
      const drawing = await page.getByRole('group', { name: /^Drawing of the/ }).boundingBox();
      const list = await page.getByRole('list', { name: diagramTexts.partsList }).boundingBox();
      if (width === 1280) expect(list!.x).toBeGreaterThan(drawing!.x + drawing!.width - 1);
      else expect(list!.y).toBeGreaterThan(drawing!.y + drawing!.height - 1);
      // Hotspots are 44 × 44 px to tap, at their callouts' places.
      const one = await hotspot(page, 1).boundingBox();
      expect(Math.round(one!.width)).toBeGreaterThanOrEqual(44);
      expect(Math.round(one!.height)).toBeGreaterThanOrEqual(44);
      expect(one!.x + one!.width / 2).toBeCloseTo(drawing!.x + 0.3 * drawing!.width, -1);

      // Hovering a row lights its number on the drawing.
      await row(page, 2).hover();
      await expect.poll(() => hotspot(page, 2).getAttribute('aria-current')).toBe('true');
      if (width === 1280) await expectNoSeriousA11yViolations(page);

      for (const n of [1, 2]) {
        const part = parts[n - 1]!;
        await hotspot(page, n).click();
        await expect.poll(() => row(page, n).evaluate((el) => el === document.activeElement)).toBe(true);
        await row(page, n)
          .getByRole('button', { name: cardAddLabel(part) })
          .click();
        await expect.poll(() => row(page, n).getByRole('status').innerText()).toContain(part.name);
      }
      await expectBothInCart(page);
    });
  }

  it('by keyboard: zoom, Tab through the numbers in order, and add both parts', async () => {
    const assembly = await seedAssembly();
    const page = await browser.newPage();
    await pickBike(page);
    await openAssembly(page, assembly);
    const focusedName = () =>
      page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
      );

    const drawing = page.getByRole('group', { name: /^Drawing of the/ });
    await drawing.focus();
    await page.keyboard.press('+');
    await expect.poll(() => page.getByText('150%', { exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('0');
    await expect.poll(() => page.getByText('100%', { exact: true }).isVisible()).toBe(true);

    for (const n of [1, 2]) {
      const part = parts[n - 1]!;
      // From the drawing, Tab reaches the numbers in order.
      await drawing.focus();
      for (let i = 0; i < n; i++) await page.keyboard.press('Tab');
      await expect.poll(focusedName).toBe(`${n}: ${part.name}`);
      // The focus ring shows.
      expect(await hotspot(page, n).evaluate((el) => el.matches(':focus-visible'))).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => row(page, n).evaluate((el) => el === document.activeElement)).toBe(true);
      // Tab on to the row's Add to cart (past the part's link) and press it.
      for (let i = 0; i < 3 && (await focusedName()) !== cardAddLabel(part); i++)
        await page.keyboard.press('Tab');
      await expect.poll(focusedName).toBe(cardAddLabel(part));
      await page.keyboard.press('Enter');
      await expect.poll(() => row(page, n).getByRole('status').innerText()).toContain(part.name);
    }
    await expectBothInCart(page);
  });

  it('the part page says where a part is drawn, and the server renders the diagram page for crawlers', async () => {
    const assembly = await seedAssembly();
    const html = await (await fetch(`${baseURL()}${BIKE_DIAGRAMS}/${assembly.slug}`)).text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL()}${BIKE_DIAGRAMS}/${assembly.slug}"`);
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain(`aria-label="1: ${parts[0].name}"`);
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${BIKE_DIAGRAMS}/${assembly.slug}</loc>`);

    const page = await browser.newPage();
    await page.goto(`/parts/${parts[0]._id}`);
    const link = page.getByRole('navigation', { name: diagramTexts.seeOnDiagram }).getByRole('link').first();
    await link.waitFor();
    expect(await link.innerText()).toBe(diagramTexts.seeOnDiagram);
  });
});

describe('the diagram editor', () => {
  it('an admin drops a callout on the picture, names its part, and drags it to a new place', async () => {
    const assembly = await seedAssembly(true);
    const page = await browser.newPage();
    await signInAs(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/diagrams');
    await page.getByRole('link', { name: `${diagramScreenTexts.open}: ${assembly.name}` }).click();
    await page.waitForURL(`**/dashboard/diagrams/${assembly.id}`);

    const picture = page.getByRole('img', { name: diagramScreenTexts.canvasLabel });
    await picture.waitFor();
    const box = (await picture.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.5);
    await page.getByLabel(diagramTexts.partNumberLabel).fill(parts[0].partNumber);
    await page.getByRole('button', { name: diagramScreenTexts.saveCallout }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Callout 1' }).innerText())
      .toBe(diagramScreenTexts.calloutSaved(1));
    const stored = async () =>
      ((await (await admin(`/${assembly.id}`, 'GET')).json()) as AssemblyDetail).callouts;
    expect((await stored()).map((c) => [c.number, c.x, c.y, c.parts[0]?._id])).toEqual([
      [1, expect.closeTo(0.25, 2), expect.closeTo(0.5, 2), parts[0]._id],
    ]);

    // Drag number 1 to three quarters across.
    const marker = page.getByRole('button', { name: `1: ${parts[0].name}` });
    const from = (await marker.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4, { steps: 5 });
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.3, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await stored())[0]?.x).toBeCloseTo(0.75, 2);
    expect((await stored())[0]?.y).toBeCloseTo(0.3, 2);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Callout 1' }).innerText())
      .toBe(diagramScreenTexts.calloutMoved(1));

    // And nudges it by keyboard: Shift + Right is 5 % of the picture.
    await marker.focus();
    await page.keyboard.down('Shift');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.up('Shift');
    await expect.poll(async () => (await stored())[0]?.x).toBeCloseTo(0.8, 2);
  });
});
