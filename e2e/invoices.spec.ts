import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { invoiceTexts, statementTexts } from '@pitstop/core/invoices-texts';
import type { Invoice } from '@pitstop/core/invoices';
import type { Part } from '@pitstop/core/parts';
import type { Page } from 'playwright-core';
import {
  apiJson,
  baseURL,
  expectNoSeriousA11yViolations,
  outboxMailsTo,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();

const ADDRESS = {
  name: 'Dana Fleet',
  street: '1 Depot Way',
  city: 'Oakland',
  state: 'CA',
  zip: '94607',
  phone: '(510) 555-0142',
};

/** A customer with approved credit and one order on account, placed through the API. */
async function onAccountOrder(admin: string, customerPage: Page) {
  const customer = await registerCustomer('Dana Fleet', 'inv');
  const token = await signInAs(customerPage, customer.email, customer.password);
  const applied = await apiJson<{ id: string }>(token, 'POST', '/credit-applications', {
    businessName: 'Rapid Couriers LLC',
    contactName: 'Dana Fleet',
    email: customer.email,
    phone: '(415) 555-0199',
    ein: '12-3456789',
    yearsInBusiness: 6,
    requestedLimit: 5000,
  });
  await apiJson(admin, 'PATCH', `/credit-applications/${applied.id}`, { status: 'approved', limit: 5000 });
  const parts = (await (await fetch(`${baseURL()}/api/parts?limit=24&offset=60`)).json()) as Part[];
  const part = parts.find((p) => p.availablequantity >= p.minquantity + 2 && p.price * p.minquantity < 1000);
  if (!part) throw new Error('no part to order');
  await apiJson(token, 'PUT', `/cart/items/${part._id}`, { quantity: part.minquantity });
  const placed = await apiJson<{ insertedId: string; orderNumber: string }>(token, 'POST', '/checkout', {
    address: ADDRESS,
    payment: 'account',
  });
  const invoice = await apiJson<Invoice>(token, 'GET', `/orders/${placed.insertedId}/invoice`);
  return { customer, token, placed, invoice };
}

describe('invoices', () => {
  it('the customer downloads the order’s invoice; an admin records its payment', async () => {
    // The amount above what is owed is refused with a 400, on purpose.
    const adminPage = await browser.newPage({ expectedConsoleErrors: /status of 400/ });
    const admin = await signInAs(adminPage, 'admin@pitstop.com', 'pitstop-admin');
    const page = await browser.newPage();
    const { customer, placed, invoice } = await onAccountOrder(admin, page);
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);

    // The order page offers the PDF.
    await page.goto(`/order/${placed.orderNumber}`);
    const link = page.getByRole('button', { name: invoiceTexts.downloadInvoice(invoice.number) });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${invoice.number}.pdf`);
    const file = await download.path();
    expect((await fs.readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    await expectNoSeriousA11yViolations(page);

    // The confirmation mail said the invoice is attached.
    await expect
      .poll(
        async () =>
          (await outboxMailsTo(customer.email)).some((m) =>
            m.text.includes(invoiceTexts.attachedNote(invoice.number)),
          ),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);

    // An admin finds it, tries more than is owed, then records what is owed.
    await adminPage.goto('/dashboard');
    await adminPage.getByRole('link', { name: invoiceTexts.adminTitle }).click();
    await adminPage.waitForURL('**/dashboard/invoices');
    await adminPage.getByLabel(invoiceTexts.searchLabel).fill(invoice.number);
    await adminPage.getByLabel(invoiceTexts.searchLabel).press('Enter');
    const row = adminPage.getByRole('row').filter({ hasText: invoice.number });
    await row.waitFor();
    await adminPage.getByRole('button', { name: invoiceTexts.recordPaymentFor(invoice.number) }).click();
    const amount = adminPage.getByLabel(invoiceTexts.amount);
    expect(await amount.inputValue()).toBe(invoice.owed.toFixed(2));
    await amount.fill((invoice.owed + 1).toFixed(2));
    await adminPage.getByRole('button', { name: invoiceTexts.save }).click();
    await adminPage.getByText(invoiceTexts.amountAboveOwed(invoice.owed)).waitFor();
    await expectNoSeriousA11yViolations(adminPage);
    await amount.fill(invoice.owed.toFixed(2));
    await adminPage.getByLabel(invoiceTexts.reference).fill('Transfer 4471');
    await adminPage.getByRole('button', { name: invoiceTexts.save }).click();
    await adminPage.getByText(invoiceTexts.recorded(invoice.owed, invoice.number)).waitFor();
    // Paid in full: the order is paid.
    const after = await apiJson<{ paid: boolean; status: string }[]>(
      admin,
      'GET',
      `/order/${customer.email}`,
    );
    expect(after[0]).toMatchObject({ paid: true, status: 'paid' });
  });

  it('the company’s accountant downloads last month’s statement and an invoice at 360 px', async () => {
    const page = await browser.newPage({ width: 360, height: 780 });
    await signInAs(page, 'accounts@pitstop.com', 'pitstop-accounts');
    await page.goto('/company/statements');
    await page.getByRole('heading', { level: 1, name: statementTexts.pageTitle }).waitFor();
    const pdf = page.getByRole('button', { name: /^Download the statement for .+ \(PDF\)$/ }).first();
    await pdf.waitFor();
    const [statement] = await Promise.all([page.waitForEvent('download'), pdf.click()]);
    expect(statement.suggestedFilename()).toMatch(/^statement-bayside-couriers-\d{4}-\d{2}\.pdf$/);
    const csvButton = page.getByRole('button', { name: /^Download the statement for .+ \(CSV\)$/ }).first();
    const [csv] = await Promise.all([page.waitForEvent('download'), csvButton.click()]);
    const text = await fs.readFile(await csv.path(), 'utf8');
    expect(text.split('\r\n')[0]).toBe('section,date,description,reference,amount,due,overdue');
    expect(text).toContain('closing_balance');

    // The company's invoices, each downloadable; reachable by keyboard.
    const invoiceButton = page
      .getByRole('button', { name: /^Download invoice INV-\d{4}-\d{6} \(PDF\)$/ })
      .first();
    await invoiceButton.focus();
    const [invoice] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(invoice.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
    await expectNoSeriousA11yViolations(page);

    // A buyer of the same company is told statements are not theirs.
    const buyer = await browser.newPage({ width: 360, height: 780, expectedConsoleErrors: /status of 403/ });
    await signInAs(buyer, 'buyer@pitstop.com', 'pitstop-buyer');
    await buyer.goto('/company/statements');
    await buyer.getByText(statementTexts.forbidden).waitFor();
  });
});
