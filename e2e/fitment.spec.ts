import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GarageVehicle, Vehicle } from '@pitstop/core/fitment';
import { fitStatus, vehicleParams } from '@pitstop/core/vehicle-fit';
import { apiParts, baseURL, expectNoSeriousA11yViolations, signInAs, useBrowser } from './fixtures.ts';

const browser = useBrowser();

const R15: Vehicle = { year: 2019, make: 'Yamaha', model: 'YZF-R15 V3' };
const R15_LABEL = '2019 Yamaha YZF-R15 V3';
const R15_PATH = '/parts?year=2019&make=Yamaha&model=YZF-R15+V3';
const GARAGE_KEY = 'pitstop.garage';
const RIDER = { email: 'rider@pitstop.com', password: 'pitstop-rider' };

async function garageOf(token: string): Promise<GarageVehicle[]> {
  const res = await fetch(`${baseURL()}/api/garage`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as GarageVehicle[];
}

/** The rider's token, from a scratch page, and an empty server garage to start from. */
async function riderWithEmptyGarage(): Promise<string> {
  const token = await signInAs(await browser.newPage(), RIDER.email, RIDER.password);
  for (const bike of await garageOf(token)) {
    await fetch(`${baseURL()}/api/garage/${bike.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  }
  expect(await garageOf(token)).toEqual([]);
  return token;
}

/** Year → Make → Model in the home page's selector, then "Show parts" by keyboard. */
async function chooseBikeOnHome(page: Page, bike: Vehicle) {
  const form = page.getByRole('form', { name: 'Find parts for your bike' });
  const make = form.getByLabel('Make', { exact: true });
  const model = form.getByLabel('Model', { exact: true });
  await expect.poll(() => make.isDisabled()).toBe(true);
  await form.getByLabel('Year', { exact: true }).selectOption(String(bike.year));
  await make.selectOption(bike.make);
  await model.selectOption(bike.model);
  // The button is the next stop after Model, and Enter presses it.
  await model.focus();
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Show parts');
  await page.keyboard.press('Enter');
  await page.waitForURL(`**${R15_PATH}`);
}

describe('choosing a bike', () => {
  it('on the home page opens /parts with only parts that fit, each saying so', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Find parts for your bike' }).isVisible())
      .toBe(true);
    await chooseBikeOnHome(page, R15);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).innerText())
      .toBe(`Parts for ${R15_LABEL}`);

    const { parts, total } = await apiParts({ ...vehicleParams(R15), limit: '100' });
    expect(total).toBeGreaterThan(0);
    // The API's bike filter and the badge's rule agree: nothing listed fails to fit.
    for (const part of parts) expect(fitStatus(part, R15).kind).not.toBe('does-not-fit');

    const cards = page.getByRole('main').getByRole('article');
    await expect.poll(() => cards.count()).toBe(Math.min(parts.length, 12));
    const texts = await cards.allInnerTexts();
    for (const [index, text] of texts.entries()) {
      const part = parts.find((p) => text.includes(p.name));
      expect(part, `card ${index} is a part the API lists for the bike`).toBeTruthy();
      if (fitStatus(part!, R15).kind === 'fits') expect(text).toContain(`Fits your ${R15_LABEL}`);
      else expect(text).toContain('Universal');
      expect(text).not.toContain('Does not fit');
    }

    // The bike is in My Garage, active, as a removable chip.
    const garage = page.getByRole('region', { name: 'My Garage' });
    await expect.poll(() => garage.innerText()).toContain(R15_LABEL);
    expect(await garage.getByRole('button', { name: `Remove ${R15_LABEL} from My Garage` }).isVisible()).toBe(
      true,
    );
    await expectNoSeriousA11yViolations(page);
  });

  it('warns on parts that do not fit the active bike, on /parts and on the part page', async () => {
    const token = await riderWithEmptyGarage();
    await fetch(`${baseURL()}/api/garage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(R15),
    });

    // A visitor with the bike active sees the whole catalogue, with a warning where it does not fit.
    const visitor = await browser.newPage();
    await visitor.goto('/');
    await chooseBikeOnHome(visitor, R15);
    await visitor.goto('/parts');
    const { parts } = await apiParts({ limit: '12' });
    const misfit = parts.find((p) => fitStatus(p, R15).kind === 'does-not-fit');
    expect(misfit, 'the first page has a part that does not fit the R15').toBeTruthy();
    const card = visitor.getByRole('article').filter({ hasText: misfit!.name });
    await expect
      .poll(() => card.innerText())
      .toContain(`Does not fit your ${R15_LABEL} — see parts that fit`);
    const seeFitting = card.getByRole('link', { name: 'see parts that fit' });
    expect(await seeFitting.getAttribute('href')).toBe(`${R15_PATH}&category=${misfit!.category}`);
    // The catalogue offers to narrow itself to the active bike.
    expect(
      await visitor
        .getByRole('link', { name: `Show only parts that fit your ${R15_LABEL}` })
        .getAttribute('href'),
    ).toBe(R15_PATH);

    // A signed-in rider (garage on the server) opening a Honda part's page.
    const { parts: hondaParts } = await apiParts({ brand: 'Honda', limit: '100' });
    const honda = hondaParts.find(
      (p) => !p.universal && p.fitment.length > 0 && p.fitment.every((f) => f.make === 'Honda'),
    );
    expect(honda).toBeTruthy();
    const rider = await browser.newPage({ width: 360, height: 800 });
    await signInAs(rider, RIDER.email, RIDER.password);
    await rider.goto(`/parts/${honda!._id}`);
    await expect
      .poll(() => rider.getByText(`Does not fit your ${R15_LABEL}`, { exact: false }).first().isVisible())
      .toBe(true);
    const fitment = rider.getByRole('table', { name: 'Fitment' });
    const groups = await fitment.getByRole('rowheader').allInnerTexts();
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) expect(group).toMatch(/^Honda .+ — \d{4}/);
    // At 360 px the table fits the screen: nothing to scroll sideways.
    const overflow = await fitment.evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(rider);
  });
});

describe('My Garage', () => {
  it('survives a reload, and its chip is removed by keyboard', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    await chooseBikeOnHome(page, R15);
    await page.reload();
    const garage = page.getByRole('region', { name: 'My Garage' });
    await expect.poll(() => garage.innerText()).toContain(R15_LABEL);
    // The selector starts from the bike in the URL after a reload too.
    expect(await page.getByLabel('Model', { exact: true }).inputValue()).toBe(R15.model);

    await page.goto('/');
    await expect.poll(() => page.getByRole('region', { name: 'My Garage' }).innerText()).toContain(R15_LABEL);
    // The featured parts speak of the active bike.
    await expect
      .poll(() => page.getByRole('region', { name: 'Parts', exact: true }).innerText())
      .toMatch(/Fits your 2019 Yamaha YZF-R15 V3|Does not fit your 2019 Yamaha YZF-R15 V3|Universal/);

    // Tab from "Show parts" reaches the chip's remove button; Enter removes the bike.
    const remove = `Remove ${R15_LABEL} from My Garage`;
    await page.getByRole('button', { name: 'Show parts' }).focus();
    let reached = false;
    for (let i = 0; i < 5 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = (await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === remove;
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => garage.innerText()).toContain('No bikes saved yet');
    expect(await page.evaluate((key) => localStorage.getItem(key), GARAGE_KEY)).toBeNull();
  });

  it('moves to the account at sign-in', async () => {
    const token = await riderWithEmptyGarage();
    const page = await browser.newPage();
    await page.goto('/');
    await chooseBikeOnHome(page, R15);
    expect(await page.evaluate((key) => localStorage.getItem(key), GARAGE_KEY)).toContain('YZF-R15 V3');

    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(RIDER.email);
    await page.getByLabel('Password', { exact: true }).fill(RIDER.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await expect
      .poll(async () =>
        (await garageOf(token)).map((v) => ({
          year: v.year,
          make: v.make,
          model: v.model,
          active: v.active,
        })),
      )
      .toEqual([{ ...R15, active: true }]);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), GARAGE_KEY)).toBeNull();
    await expect.poll(() => page.getByRole('region', { name: 'My Garage' }).innerText()).toContain(R15_LABEL);

    // The page's own session sees the same garage.
    const pageToken = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect((await garageOf(pageToken!)).map((v) => v.model)).toEqual([R15.model]);
  });
});
