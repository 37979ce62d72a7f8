import { describe, expect, it } from 'vitest';
import { deliveryPromise, type DeliverySettings } from '@pitstop/core/delivery-promise';
import { deliveryTexts, formatPromiseDate } from '@pitstop/core/delivery-texts';
import type { Order } from '@pitstop/core/orders';
import {
  apiParts,
  baseURL,
  expectNoSeriousA11yViolations,
  placeOrderByApi,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();

const readSettings = async (): Promise<DeliverySettings> =>
  (await (await fetch(`${baseURL()}/api/settings/delivery`)).json()) as DeliverySettings;

async function putSettings(key: string, settings: DeliverySettings): Promise<void> {
  const res = await fetch(`${baseURL()}/api/admin/settings/delivery`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify(settings),
  });
  expect(res.status).toBe(200);
}

/** "arrives Tue, Dec 1" as the settings promise it for New York now. */
function expectedArrival(settings: DeliverySettings, state = 'NY'): string {
  const promise = deliveryPromise({ now: new Date(), settings, state, inStock: true });
  if (!promise) throw new Error('no promise');
  return `arrives ${formatPromiseDate(promise.arrivesOn)}`;
}

describe('The delivery promise', () => {
  it('an admin changes the cut-off; a visitor enters a ZIP on a part page and sees when it arrives; an order keeps its date', async () => {
    const admin = await browser.newPage();
    const adminKey = await signInAs(admin, 'admin@pitstop.com', 'pitstop-admin');
    const before = await readSettings();
    try {
      // Admin → Settings, from the dashboard's menu by keyboard.
      await admin.goto('/dashboard');
      const link = admin
        .getByRole('navigation', { name: /dashboard/i })
        .getByRole('link', { name: 'Settings' });
      await link.focus();
      await admin.keyboard.press('Enter');
      await admin.waitForURL('**/dashboard/settings');
      const cutoff = admin.getByLabel(deliveryTexts.cutoffLabel, { exact: true });
      await expect.poll(() => cutoff.inputValue()).toBe(before.cutoff);
      await cutoff.fill('23:59');
      await admin.getByRole('button', { name: deliveryTexts.save }).click();
      await admin.getByText(deliveryTexts.saved).waitFor();
      await expectNoSeriousA11yViolations(admin);
      const saved = await readSettings();
      expect(saved.cutoff).toBe('23:59');

      // The same screen on a 360 px phone: nothing wider than the screen.
      const phone = await browser.newPage({ width: 360, height: 780 });
      await signInAs(phone, 'admin@pitstop.com', 'pitstop-admin');
      await phone.goto('/dashboard/settings');
      await phone.getByRole('button', { name: deliveryTexts.save }).waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // A visitor on a part in stock: no address, so a ZIP.
      const { parts } = await apiParts({ limit: '24', inStock: 'true' });
      const part = parts.find((p) => p.availablequantity >= Math.max(1, p.minquantity) + 1);
      if (!part) throw new Error('no part in stock');
      const visitor = await browser.newPage();
      await visitor.goto(`/parts/${part._id}`);
      await visitor.getByRole('button', { name: deliveryTexts.deliverToZip }).click();
      await visitor.getByLabel(deliveryTexts.zipLabel, { exact: true }).fill('10001');
      await visitor.keyboard.press('Enter');
      const promise = visitor.getByText(/^Order within .+ — arrives /);
      await promise.waitFor();
      expect(await promise.innerText()).toContain(expectedArrival(saved));
      // Remembered in the browser (not in a cookie the server sees): still there after a reload.
      await visitor.reload();
      await visitor.getByText(/^Order within .+ — arrives /).waitFor();
      const cookies = await visitor.context().cookies();
      expect(cookies.map((c) => c.value).join(' ')).not.toContain('10001');

      // A customer's order keeps the date it promised, and its page says it.
      const customer = await registerCustomer('Dana Rider');
      const page = await browser.newPage();
      const key = await signInAs(page, customer.email, customer.password);
      const orderId = await placeOrderByApi(key, customer, part);
      const orders = (await (
        await fetch(`${baseURL()}/api/order/${encodeURIComponent(customer.email)}`, {
          headers: { authorization: `Bearer ${key}` },
        })
      ).json()) as Order[];
      const order = orders.find((o) => o._id === orderId);
      expect(order?.promisedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await page.goto(`/order/${order?.orderNumber ?? ''}`);
      await page.getByText(deliveryTexts.arrivesBy(order?.promisedOn ?? '')).waitFor();
    } finally {
      await putSettings(adminKey, before);
    }
  });
});
