import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import { companyTexts } from '@pitstop/core/companies-texts';
import { invoiceTexts, statementTexts } from '@pitstop/core/invoices-texts';
import type { Order } from '@pitstop/core/orders';
import type { Part } from '@pitstop/core/parts';
import { quickOrderTexts } from '@pitstop/core/quick-order-texts';
import {
  accessKeyOf,
  apiJson,
  apiParts,
  expectNoSeriousA11yViolations,
  fillDeliveryAddress,
  outboxMailsTo,
  payWith,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();

/** The link of the invitation mailed to `email`, once it arrives. */
async function invitationLink(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const mail = (await outboxMailsTo(email)).find((m) => m.text.includes('/company/join/'));
        link = /https?:\/\/\S+\/company\/join\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 15_000, interval: 100 },
    )
    .not.toBe('');
  return new URL(link).pathname;
}

describe('a fleet buys as a company, end to end', () => {
  it('an owner makes a company and invites; the buyer quick-orders 30 numbers with a PO at the tier price on a phone; the approver approves; the accountant downloads the invoice', async () => {
    const name = `Coastline Fleet ${randomUUID().slice(0, 8)}`;
    const [owner, buyer, approver, accountant] = await Promise.all([
      registerCustomer('Opal Owner', 'fleetowner'),
      registerCustomer('Ben Buyer', 'fleetbuyer'),
      registerCustomer('Ada Approver', 'fleetapprover'),
      registerCustomer('Cy Accountant', 'fleetaccounts'),
    ]);

    // 1. The owner, on a phone, turns their account into a company and invites three members.
    const ownerPage = await browser.newPage({ width: 360, height: 800 });
    await signInAs(ownerPage, owner.email, owner.password);
    await ownerPage.goto('/company');
    await ownerPage.getByRole('form', { name: companyTexts.createTitle }).waitFor();
    await ownerPage.getByLabel(companyTexts.name, { exact: true }).fill(name);
    await ownerPage.getByLabel(companyTexts.taxId, { exact: true }).fill('94-1234567');
    await ownerPage.getByLabel(checkoutTexts.fullName, { exact: true }).fill(name);
    await fillDeliveryAddress(ownerPage);
    await ownerPage.getByLabel(checkoutTexts.phone, { exact: true }).fill('(415) 555-0134');
    await ownerPage.getByRole('button', { name: companyTexts.createButton }).click();
    await ownerPage.getByRole('heading', { name }).waitFor();
    const invite = ownerPage.getByRole('form', { name: companyTexts.invite });
    for (const [who, role, limit] of [
      [buyer, 'buyer', '100'],
      [approver, 'approver', ''],
      [accountant, 'accountant', ''],
    ] as const) {
      await invite.getByLabel(companyTexts.inviteEmail, { exact: true }).fill(who.email);
      await invite.getByLabel(companyTexts.inviteRole, { exact: true }).selectOption(role);
      if (limit) await invite.getByLabel(companyTexts.inviteLimit, { exact: true }).fill(limit);
      await invite.getByRole('button', { name: companyTexts.sendInvite }).click();
      await ownerPage.getByText(companyTexts.invited(who.email)).waitFor();
    }
    // Long email addresses wrap on the members' and invitations' cards: nothing scrolls sideways.
    expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The shop gives the company its trade price list (the admin's screen is another suite's).
    const adminKey = await accessKeyOf('admin@pitstop.com', 'pitstop-admin');
    const ownerKey = await accessKeyOf(owner.email, owner.password);
    const { company } = await apiJson<{ company: { id: string } }>(ownerKey, 'GET', '/company');
    const trade = await apiJson<{ id: string }>(adminKey, 'POST', '/admin/price-lists', {
      name: `${name} trade`,
      rules: [{ brand: null, category: null, percentOff: 12 }],
      prices: [],
    });
    await apiJson(adminKey, 'POST', '/admin/price-list-assignments', {
      priceListId: trade.id,
      companyId: company.id,
    });

    // 2. Each member opens the mailed link and joins; the buyer does it on a phone.
    const buyerPage = await browser.newPage({ width: 360, height: 800 });
    await signInAs(buyerPage, buyer.email, buyer.password);
    await buyerPage.goto(await invitationLink(buyer.email));
    await buyerPage.getByRole('button', { name: companyTexts.accept }).click();
    await buyerPage.getByText(companyTexts.joined(name)).waitFor();
    for (const who of [approver, accountant]) {
      const key = await accessKeyOf(who.email, who.password);
      const token = (await invitationLink(who.email)).split('/').pop();
      await apiJson(key, 'POST', `/company/invitations/${token}/accept`);
    }

    // 3. The buyer pastes 30 part numbers (each at its minimum) into Quick order.
    const { parts } = await apiParts('?limit=100&inStock=true');
    const thirty = parts.filter((p) => p.availablequantity >= p.minquantity * 2).slice(0, 30);
    expect(thirty).toHaveLength(30);
    await buyerPage.goto('/quick-order');
    await buyerPage.getByRole('heading', { level: 1, name: quickOrderTexts.heading }).waitFor();
    await buyerPage
      .getByLabel(quickOrderTexts.textLabel)
      .fill(thirty.map((p) => `${p.partNumber}, ${p.minquantity}`).join('\n'));
    await buyerPage.getByText(quickOrderTexts.summary(30, 0)).waitFor({ timeout: 15_000 });
    await buyerPage.getByRole('button', { name: quickOrderTexts.addAll }).click();
    await buyerPage.getByText(quickOrderTexts.added(30)).waitFor({ timeout: 15_000 });

    // 4. Checkout with a PO number: over the buyer's $100 limit, so it waits for approval.
    await buyerPage.goto('/checkout');
    await buyerPage.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await buyerPage.getByLabel(checkoutTexts.fullName, { exact: true }).fill(buyer.name);
    await fillDeliveryAddress(buyerPage);
    await buyerPage.getByLabel(checkoutTexts.phone, { exact: true }).fill('(415) 555-0134');
    await buyerPage.getByLabel(approvalsTexts.poLabel, { exact: false }).first().fill('PO-COAST-0001');
    await buyerPage.getByRole('button', { name: checkoutTexts.placeOrder }).click();
    const waits = buyerPage.getByRole('status').filter({ hasText: 'waits for your company’s approval' });
    await waits.waitFor({ timeout: 20_000 });
    const orderNumber = /PS-\d+/.exec(await waits.innerText())?.[0] ?? '';
    expect(orderNumber).not.toBe('');
    expect(await buyerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Every line is priced at the company's tier, on the server: what the buyer's catalogue shows
    // (below retail for the trade list's parts), and retail kept beside it.
    const buyerKey = await accessKeyOf(buyer.email, buyer.password);
    const orders = await apiJson<Order[]>(buyerKey, 'GET', `/order/${encodeURIComponent(buyer.email)}`);
    const order = orders.find((o) => o.orderNumber === orderNumber)!;
    expect(order.status).toBe('awaiting_approval');
    expect(order.poNumber).toBe('PO-COAST-0001');
    expect(order.lines).toHaveLength(30);
    const tierPrices = new Map(
      (await Promise.all(thirty.map((p) => apiJson<Part>(buyerKey, 'GET', `/parts/${p._id}`)))).map((p) => [
        p._id,
        p.price,
      ]),
    );
    for (const line of order.lines) expect(line.unitPrice).toBe(tierPrices.get(line.partId!));
    const discounted = order.lines.filter((l) => l.listPrice != null && l.unitPrice < l.listPrice);
    expect(discounted.length).toBeGreaterThan(0);
    const retail = new Map(thirty.map((p) => [p._id, p.price]));
    for (const line of discounted) expect(line.listPrice).toBe(retail.get(line.partId!));

    // 5. The approver, at a desk, approves it from the queue.
    const approverPage = await browser.newPage({ width: 1280 });
    await signInAs(approverPage, approver.email, approver.password);
    await approverPage.goto('/company/approvals');
    const card = approverPage.getByRole('article').filter({ hasText: orderNumber });
    await card.waitFor();
    expect(await card.innerText()).toContain('PO-COAST-0001');
    await approverPage.getByRole('button', { name: approvalsTexts.approveLabel(orderNumber) }).click();
    await approverPage.getByText(approvalsTexts.approved(orderNumber)).waitFor();

    // The buyer pays by card on the order's payment page.
    await buyerPage.goto(`/payment/${order._id}`);
    await payWith(buyerPage, '4242424242424242');
    await buyerPage.getByText(/paid/i).first().waitFor({ timeout: 20_000 });

    // 6. The accountant opens the company's order and downloads its invoice; statements are theirs.
    const accountsPage = await browser.newPage({ width: 1280 });
    await signInAs(accountsPage, accountant.email, accountant.password);
    await accountsPage.goto(`/order/${orderNumber}`);
    const download = accountsPage.getByRole('button', { name: /^Download invoice INV-\d{4}-\d{6} \(PDF\)$/ });
    await download.waitFor({ timeout: 15_000 });
    const [pdf] = await Promise.all([accountsPage.waitForEvent('download'), download.click()]);
    const number = /INV-\d{4}-\d{6}/.exec(
      (await download.getAttribute('aria-label')) ?? (await download.innerText()),
    )?.[0];
    expect(pdf.suggestedFilename()).toBe(invoiceTexts.fileName(number!));
    await expectNoSeriousA11yViolations(accountsPage);
    await accountsPage.goto('/company/statements');
    await accountsPage.getByRole('heading', { level: 1, name: statementTexts.pageTitle }).waitFor();
    // A new company's first statement is made on the 1st after its first order on account.
    await accountsPage.getByText(statementTexts.none).waitFor();
  });
});
