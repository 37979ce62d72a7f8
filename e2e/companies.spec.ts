import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import { companyTexts } from '@pitstop/core/companies-texts';
import {
  expectNoSeriousA11yViolations,
  outboxMailsTo,
  registerCustomer,
  signInAs,
  useBrowser,
} from './fixtures.ts';

const browser = useBrowser();

describe('company accounts', () => {
  it('an owner makes a company, invites a buyer who joins by the link, then removes them (1280 px)', async () => {
    const name = `Harbor Fleet ${randomUUID().slice(0, 8)}`;
    const owner = await registerCustomer('Olive Owner', 'owner');
    const buyer = await registerCustomer('Bea Buyer', 'buyer');

    const page = await browser.newPage({ width: 1280 });
    await signInAs(page, owner.email, owner.password);
    await page.goto('/company');
    const form = page.getByRole('form', { name: companyTexts.createTitle });
    await form.waitFor();
    await page.getByLabel(companyTexts.name, { exact: true }).fill(name);
    await page.getByLabel(companyTexts.taxId, { exact: true }).fill('12-3456789');
    await page.getByLabel(checkoutTexts.fullName, { exact: true }).fill('Harbor Fleet');
    await page.getByLabel(checkoutTexts.street, { exact: true }).fill('500 Howard St');
    await page.getByLabel(checkoutTexts.city, { exact: true }).fill('San Francisco');
    await page.getByLabel(checkoutTexts.state, { exact: true }).selectOption('CA');
    await page.getByLabel(checkoutTexts.zip, { exact: true }).fill('94105');
    await page.getByLabel(checkoutTexts.phone, { exact: true }).fill('(415) 555-0134');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: companyTexts.createButton }).click();
    await page.getByRole('heading', { name }).waitFor();

    // Invite the buyer with a $500 limit.
    const invite = page.getByRole('form', { name: companyTexts.invite });
    await invite.getByLabel(companyTexts.inviteEmail, { exact: true }).fill(buyer.email);
    await invite.getByLabel(companyTexts.inviteLimit, { exact: true }).fill('500');
    await invite.getByRole('button', { name: companyTexts.sendInvite }).click();
    await page.getByText(companyTexts.invited(buyer.email)).waitFor();
    await expectNoSeriousA11yViolations(page);

    // The buyer opens the mailed link, signed in, and joins.
    let mail: { text: string } | undefined;
    await expect
      .poll(
        async () =>
          (mail = (await outboxMailsTo(buyer.email)).find((m) => m.text.includes('/company/join/'))),
        { timeout: 15_000 },
      )
      .toBeTruthy();
    const link = /https?:\/\/\S+\/company\/join\/\S+/.exec(mail!.text)![0];
    // Removed at the end, their next request is a 401 (that is the point).
    const joiner = await browser.newPage({ width: 1280, expectedConsoleErrors: /status of 401/ });
    await signInAs(joiner, buyer.email, buyer.password);
    await joiner.goto(new URL(link).pathname);
    await joiner.getByText(companyTexts.joinLead(name, 'buyer')).waitFor();
    await expectNoSeriousA11yViolations(joiner);
    await joiner.getByRole('button', { name: companyTexts.accept }).click();
    await joiner.getByText(companyTexts.joined(name)).waitFor();
    await joiner.getByRole('link', { name: companyTexts.goToCompany }).click();
    await joiner.getByText(/Your role: Buyer/).waitFor();

    // The owner removes them: their next request is refused and they land on the sign-in page.
    await page.reload();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `${companyTexts.removeMember} Bea Buyer` }).click();
    await page.getByText(companyTexts.removed('Bea Buyer')).waitFor();
    await joiner.goto('/company');
    await joiner.waitForURL('**/login**');
  });

  it('the demo buyer sees the company, their limit and its credit on a phone, by keyboard (360 px)', async () => {
    const page = await browser.newPage({ width: 360, height: 780 });
    await signInAs(page, 'buyer@pitstop.com', 'pitstop-buyer');
    await page.goto('/company');
    await page.getByRole('heading', { name: 'Bayside Couriers' }).waitFor();
    await page.getByText(/Your role: Buyer · Order limit: \$500\.00/).waitFor();
    await page.getByRole('heading', { name: companyTexts.credit }).waitFor();
    // Nothing wider than the screen (tables scroll in their own box).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The quick-order link is reachable by keyboard.
    const quick = page.getByRole('link', { name: companyTexts.quickOrderLink });
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      if (await quick.evaluate((el) => el === document.activeElement)) break;
    }
    expect(await quick.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });
});
