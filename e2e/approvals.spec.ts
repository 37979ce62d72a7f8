import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import { orderTermsTexts } from '@pitstop/core/order-terms-texts';
import type { Part } from '@pitstop/core/parts';
import {
  accessKeyOf,
  apiAs,
  baseURL,
  DELIVERY_ADDRESS,
  expectNoSeriousA11yViolations,
  fillDeliveryAddress,
  outboxMailsTo,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();

/** Throws with the answer when a step of the setup was refused. */
async function ok(res: Response, step: string): Promise<void> {
  if (res.status >= 300) throw new Error(`${step}: ${res.status} ${await res.text()}`);
}

interface Member {
  email: string;
  password: string;
  key: string;
}

/**
 * A company (PO numbers required) whose owner invited a buyer with a $1 limit and an approver,
 * who accepted through their mailed links: set up through the API, the company's own screens are
 * another suite's.
 */
async function fleet(): Promise<{ buyer: Member; approver: Member }> {
  const member = async (name: string, prefix: string): Promise<Member> => {
    const account = await registerCustomer(name, prefix);
    return { ...account, key: await accessKeyOf(account.email, account.password) };
  };
  const [owner, buyer, approver] = await Promise.all([
    member('Olive Owner', 'owner'),
    member('Bea Buyer', 'buyer'),
    member('Abe Approver', 'approver'),
  ]);
  const made = await apiAs(owner.key, 'POST', '/company', {
    name: `Bayside Couriers ${randomUUID().slice(0, 6)}`,
    taxId: '12-3456789',
    billingAddress: DELIVERY_ADDRESS,
    poRequired: true,
  });
  await ok(made, 'company');
  const join = async (who: Member, role: 'buyer' | 'approver') => {
    const invited = await apiAs(owner.key, 'POST', '/company/invitations', {
      email: who.email,
      role,
      ...(role === 'buyer' ? { orderLimit: 1 } : {}),
    });
    await ok(invited, 'invitation');
    let token = '';
    await expect
      .poll(
        async () => {
          const mail = (await outboxMailsTo(who.email)).find((m) => m.text.includes('/company/join/'));
          token = /\/company\/join\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
          return token;
        },
        { timeout: 10_000, interval: 100 },
      )
      .not.toBe('');
    await ok(await apiAs(who.key, 'POST', `/company/invitations/${token}/accept`), 'acceptance');
  };
  await Promise.all([join(buyer, 'buyer'), join(approver, 'approver')]);
  return { buyer, approver };
}

/** A part of the demo catalogue with stock to spare. */
async function onePart(offset: number): Promise<Part> {
  const res = await fetch(`${baseURL()}/api/parts?limit=24&offset=${offset}`);
  const parts = ((await res.json()) as Part[]).filter((p) => p.availablequantity >= p.minquantity + 2);
  const part = parts[Math.floor(parts.length / 2)];
  if (!part) throw new Error('the demo catalogue needs a part in stock');
  return part;
}

/** The buyer's cart holds one part (through the API: the cart is not the journey here). */
async function fillCart(buyer: Member, offset: number): Promise<void> {
  const part = await onePart(offset);
  const put = await apiAs(buyer.key, 'PUT', `/cart/items/${part._id}`, { quantity: part.minquantity });
  expect(put.status).toBe(200);
}

/** The buyer's order over their limit, placed through the API: answers its number. */
async function waitingOrderOf(buyer: Member, offset: number): Promise<string> {
  await fillCart(buyer, offset);
  const res = await apiAs(buyer.key, 'POST', '/checkout', {
    address: DELIVERY_ADDRESS,
    payment: 'card',
    poNumber: 'PO-360-DECLINE',
  });
  expect(res.status).toBe(201);
  const placed = (await res.json()) as { orderNumber: string; awaitingApproval: boolean };
  expect(placed.awaitingApproval).toBe(true);
  return placed.orderNumber;
}

describe('approvals and purchase order numbers', () => {
  it('a buyer orders over their limit with a PO number, the approver approves it, and the buyer is told to pay (1280 px)', async () => {
    const { buyer, approver } = await fleet();
    await fillCart(buyer, 48);

    // Staged: the order without a PO number is refused (400).
    const page = await browser.newPage({ expectedConsoleErrors: /status of 400/ });
    await signInAs(page, buyer.email, buyer.password);
    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByLabel(checkoutTexts.fullName, { exact: true }).fill('Bea Buyer');
    await fillDeliveryAddress(page);
    await page.getByLabel(checkoutTexts.phone, { exact: true }).fill('(415) 555-0134');
    // The company asks for a PO number: the field says so, and the server refuses an order without.
    const po = page.getByLabel(`${approvalsTexts.poLabel} *`, { exact: true });
    await po.waitFor();
    await page.getByRole('button', { name: checkoutTexts.placeOrder }).click();
    await page.getByText(orderTermsTexts.poNumberRequired, { exact: true }).waitFor();
    await po.fill('PO-2026-0042');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: checkoutTexts.placeOrder }).click();
    const waits = page.getByRole('status').filter({ hasText: 'waits for your company’s approval' });
    await waits.waitFor({ timeout: 15_000 });
    const orderNumber = /PS-\d+/.exec(await waits.innerText())?.[0] ?? '';
    expect(orderNumber).not.toBe('');

    // The order's page explains the wait and shows the PO number.
    await page.getByRole('link', { name: approvalsTexts.followOrder(orderNumber) }).click();
    await page.getByText(approvalsTexts.awaitingExplanation).waitFor();
    expect(await page.getByText('PO-2026-0042').count()).toBeGreaterThan(0);

    // The approver was mailed, and approves it from the queue.
    await expect
      .poll(async () => (await outboxMailsTo(approver.email)).map((m) => m.subject).join('\n'), {
        timeout: 10_000,
      })
      .toContain(`Order ${orderNumber}`);
    const approverPage = await browser.newPage();
    await signInAs(approverPage, approver.email, approver.password);
    await approverPage.goto('/company/approvals');
    await approverPage.getByRole('heading', { level: 1, name: approvalsTexts.pageTitle }).waitFor();
    const card = approverPage.getByRole('article').filter({ hasText: orderNumber });
    await card.waitFor();
    expect(await card.innerText()).toContain('PO-2026-0042');
    await expectNoSeriousA11yViolations(approverPage);
    // Keyboard: the Approve button is reached and pressed without a mouse.
    const approve = approverPage.getByRole('button', { name: approvalsTexts.approveLabel(orderNumber) });
    await approve.focus();
    await approverPage.keyboard.press('Enter');
    await approverPage.getByText(approvalsTexts.approved(orderNumber)).waitFor();
    await expect.poll(() => card.count()).toBe(0);

    // The buyer is mailed the pay link.
    await expect
      .poll(async () => (await outboxMailsTo(buyer.email)).map((m) => m.subject), { timeout: 10_000 })
      .toContain(approvalsTexts.approvedSubject(orderNumber));
  });

  it('an approver declines with a reason on a phone, and the buyer reads why (360 px)', async () => {
    const { buyer, approver } = await fleet();
    const orderNumber = await waitingOrderOf(buyer, 56);

    const page = await browser.newPage({ width: 360, height: 780 });
    await signInAs(page, approver.email, approver.password);
    await page.goto('/company/approvals');
    const card = page.getByRole('article').filter({ hasText: orderNumber });
    await card.waitFor();
    await page.getByRole('button', { name: approvalsTexts.declineLabel(orderNumber) }).click();
    const reason = page.getByLabel(approvalsTexts.reasonFor(orderNumber), { exact: true });
    await reason.waitFor();
    // Nothing is sent without a reason.
    await page.getByRole('button', { name: approvalsTexts.confirmDecline }).click();
    await page.getByText(approvalsTexts.reasonRequired).waitFor();
    await reason.fill('Use the Oakland depot’s stock');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: approvalsTexts.confirmDecline }).click();
    await page.getByText(approvalsTexts.declined(orderNumber)).waitFor();
    // The page fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const buyerPage = await browser.newPage({ width: 360, height: 780 });
    await signInAs(buyerPage, buyer.email, buyer.password);
    await buyerPage.goto(`/order/${orderNumber}`);
    await buyerPage.getByText(approvalsTexts.declinedExplanation('Use the Oakland depot’s stock')).waitFor();
    await expectNoSeriousA11yViolations(buyerPage);
  });
});
