import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MAX_LINES } from '@pitstop/core/cart';
import {
  QUICK_ORDER_MAX_LINES,
  type AddCartLinesResult,
  type QuickOrderResult,
} from '@pitstop/core/quick-order';
import { quickOrderTexts } from '@pitstop/core/quick-order-texts';
import { messages, textRuleTexts } from '@pitstop/core/messages';
import {
  companies,
  companyMembers,
  customerPriceLists,
  orders,
  partNumbers,
  parts,
  priceListRules,
  priceLists,
} from '../../db/schema.js';
import { buildPart, createPart, insertParts } from '../../seed/factories.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { bearer, signUp, type Customer } from '../../test/accounts.js';
import { orderPart } from '../../test/orders.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const resolve = (who: Customer, text: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/quick-order/resolve',
    headers: bearer(who.token),
    payload: { text } as Record<string, unknown>,
  });

function multipartBody(content: Buffer | string, field = 'file', filename = 'order.csv') {
  const boundary = '----quickorder' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (who: Customer, content: Buffer | string, field?: string) => {
  const body = multipartBody(content, field);
  return t.app.inject({
    method: 'POST',
    url: '/api/quick-order/resolve',
    headers: { ...bearer(who.token), ...body.headers },
    payload: body.payload,
  });
};

const addLines = (who: Customer, lines: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/lines',
    headers: bearer(who.token),
    payload: { lines } as Record<string, unknown>,
  });

const reorder = (who: Customer, number: string | number) =>
  t.app.inject({ method: 'POST', url: `/api/orders/${number}/reorder`, headers: bearer(who.token) });

const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

describe('quick order: resolving lines', () => {
  it('resolves numbers as search matches them, with price, stock words, minimum and line totals', async () => {
    const n = tag();
    const pads = await createPart(t.database.db, {
      partNumber: `QO-${n}-9080`,
      name: 'Quick Pads',
      priceCents: 2599,
      availablequantity: 40,
      minquantity: 2,
    });
    const chain = await createPart(t.database.db, {
      partNumber: `QC${n}.520`,
      name: 'Quick Chain',
      priceCents: 8950,
      availablequantity: 3,
    });
    const me = await signUp(t.app);
    const res = await resolve(
      me,
      `Part number,Quantity\nqo ${n.toLowerCase()} 9080, 4\n\n"QC-${n}-520"\t2\nqo${n}9080;`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<QuickOrderResult>();
    expect(body.headerSkipped).toBe(true);
    expect(body.lines).toHaveLength(3);
    const [first, second, third] = body.lines;
    expect(first).toMatchObject({
      line: 2,
      status: 'ok',
      quantity: 6, // 4, plus line 5's default: the part's minimum (2)
      part: {
        _id: pads.id,
        name: 'Quick Pads',
        unitPrice: 25.99,
        listPrice: null,
        minquantity: 2,
        stock: 'In stock',
      },
      lineTotal: 155.94,
      message: null,
    });
    expect(second).toMatchObject({
      line: 4,
      status: 'ok',
      quantity: 2,
      part: { _id: chain.id, stock: 'Only 3 left', available: 3 },
      lineTotal: 179,
    });
    expect(third).toMatchObject({
      line: 5,
      status: 'merged',
      mergedInto: 2,
      message: quickOrderTexts.mergedInto(2),
    });
    expect(body).toMatchObject({ okLines: 2, errorLines: 0, total: 334.94 });
  });

  it('shows the customer’s tier price, with retail beside it; other customers see retail', async () => {
    const n = tag();
    const part = await createPart(t.database.db, {
      partNumber: `TIER-${n}`,
      priceCents: 10000,
      availablequantity: 10,
    });
    const [list] = await t.database.db
      .insert(priceLists)
      .values({ name: `Trade ${n}` })
      .returning();
    await t.database.db.insert(priceListRules).values({ priceListId: list!.id, percentOffBp: 1500 });
    const trade = await signUp(t.app);
    const retail = await signUp(t.app);
    await t.database.db.insert(customerPriceLists).values({ userId: trade.userId, priceListId: list!.id });
    const tiered = (await resolve(trade, `TIER-${n},2`)).json<QuickOrderResult>();
    expect(tiered.lines[0]).toMatchObject({
      part: { _id: part.id, unitPrice: 85, listPrice: 100 },
      lineTotal: 170,
    });
    expect(tiered.total).toBe(170);
    const plain = (await resolve(retail, `TIER-${n},2`)).json<QuickOrderResult>();
    expect(plain.lines[0]).toMatchObject({ part: { unitPrice: 100, listPrice: null }, lineTotal: 200 });
  });

  it('finds a part by an OEM number only it carries, and names the number', async () => {
    const part = await createPart(t.database.db, { name: 'OEM Filter', availablequantity: 10 });
    const n = tag();
    await t.database.db
      .insert(partNumbers)
      .values({ partId: part.id, kind: 'oem', brand: 'Yamaha', number: `5GH-${n}-00` });
    const me = await signUp(t.app);
    const body = (await resolve(me, `5gh${n}00,1`)).json<QuickOrderResult>();
    expect(body.lines[0]).toMatchObject({
      status: 'ok',
      part: { _id: part.id },
      matchedBy: `Found by its OEM number 5GH-${n}-00`,
    });

    // A number two parts carry is not guessed at.
    const other = await createPart(t.database.db, { name: 'Other Filter', availablequantity: 10 });
    await t.database.db.insert(partNumbers).values([
      { partId: part.id, kind: 'interchange', number: `HF-${n}` },
      { partId: other.id, kind: 'interchange', number: `HF${n}` },
    ]);
    const twice = (await resolve(me, `HF ${n}, 1`)).json<QuickOrderResult>();
    expect(twice.lines[0]).toMatchObject({
      status: 'error',
      part: null,
      message: quickOrderTexts.ambiguous(2),
    });
  });

  it('names every bad line and never answers a 500', async () => {
    const n = tag();
    const part = await createPart(t.database.db, {
      partNumber: `BAD-${n}`,
      availablequantity: 5,
      minquantity: 3,
    });
    const none = await createPart(t.database.db, {
      partNumber: `OUT-${n}`,
      availablequantity: 1,
      minquantity: 2,
    });
    const me = await signUp(t.app);
    const text = [
      `NOPE-${n}-404, 1`, // 1 unknown
      `BAD-${n}, 2`, // 2 below minimum
      `BAD-${n}, 6`, // 3 above stock … merged into line 2: 8 in all
      `OUT-${n}, 2`, // 4 out of stock
      `=cmd|' /C calc'!A0, 1`, // 5 formula
      `@SUM(1+1)`, // 6 formula
      `BAD-${n}, 2.5`, // 7 bad quantity
      `BAD-${n}, -3`, // 8 bad quantity
      `BAD-${n}, abc`, // 9 bad quantity
      `BAD-${n}, 0`, // 10 bad quantity
      `, 3`, // 11 no number
      `///, 3`, // 12 not a number
      'X'.repeat(300), // 13 too long
    ].join('\n');
    const res = await resolve(me, text);
    expect(res.statusCode).toBe(200);
    const lines = res.json<QuickOrderResult>().lines;
    const at = (line: number) => lines.find((l) => l.line === line);
    expect(at(1)).toMatchObject({ status: 'error', message: quickOrderTexts.unknownNumber, part: null });
    // Lines 2 and 3 name the same part: 2 + 6 = 8, more than the 5 in stock.
    expect(at(2)).toMatchObject({ status: 'error', quantity: 8, message: quickOrderTexts.aboveStock(5) });
    expect(at(3)).toMatchObject({ status: 'merged', mergedInto: 2 });
    expect(at(4)).toMatchObject({
      status: 'error',
      message: quickOrderTexts.outOfStock,
      part: { _id: none.id },
    });
    expect(at(5)).toMatchObject({ status: 'error', message: quickOrderTexts.formula });
    expect(at(6)).toMatchObject({ status: 'error', message: quickOrderTexts.formula });
    for (const line of [7, 8, 9, 10]) {
      expect(at(line)).toMatchObject({ status: 'error', message: quickOrderTexts.badQuantity(99_999) });
    }
    expect(at(11)).toMatchObject({ status: 'error', message: quickOrderTexts.noNumber });
    expect(at(12)).toMatchObject({ status: 'error', message: quickOrderTexts.notANumber });
    expect(at(13)).toMatchObject({ status: 'error', message: quickOrderTexts.lineTooLong(200) });
    expect(at(13)!.number.length).toBeLessThanOrEqual(64);

    const below = (await resolve(me, `bad-${n.toLowerCase()}, 2`)).json<QuickOrderResult>();
    expect(below.lines[0]).toMatchObject({
      status: 'error',
      message: quickOrderTexts.belowMinimum(3),
      part: { _id: part.id },
    });
    expect(below).toMatchObject({ okLines: 0, errorLines: 1, total: 0 });
  });

  it('refuses 10,000 lines with a 400 naming the 500-line limit', async () => {
    const me = await signUp(t.app);
    const text = Array.from({ length: 10_000 }, (_, i) => `PN-${i},1`).join('\n');
    const res = await resolve(me, text);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(quickOrderTexts.tooManyLines(QUICK_ORDER_MAX_LINES, 10_000));
    expect(res.json().errors[0].field).toBe('text');
    // 500 lines exactly are fine (all unknown here), blank lines are not counted.
    const ok = await resolve(me, Array.from({ length: 500 }, (_, i) => `PN-${i},1\n`).join('\n'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json<QuickOrderResult>().lines).toHaveLength(500);
    // A header row does not count: 500 lines under one are fine, 501 are not.
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `PN-${i},1`).join('\n');
    expect((await resolve(me, `Part number,Quantity\n${rows(500)}`)).statusCode).toBe(200);
    const over = await resolve(me, `Part number,Quantity\n${rows(501)}`);
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe(quickOrderTexts.tooManyLines(500, 501));
    // Past the body limit (1 MB): a 413 problem, still not a 500.
    const huge = await resolve(me, 'A,1\n'.repeat(300_000));
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['content-type']).toContain('application/problem+json');
  });

  it('refuses NUL, control characters, empty text and a missing body with a 400', async () => {
    const me = await signUp(t.app);
    for (const text of ['PN-1\u0000,1', 'PN-1\u0007,1']) {
      const res = await resolve(me, text);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toEqual({ field: 'text', message: textRuleTexts.controlCharacters });
    }
    const empty = await resolve(me, '  \n\n ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(quickOrderTexts.empty);
    const wrongType = await resolve(me, 12);
    expect(wrongType.statusCode).toBe(400);
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/api/quick-order/resolve',
      headers: bearer(me.token),
    });
    expect(noBody.statusCode).toBe(400);
  });

  it('reads an uploaded CSV, and refuses binary, oversized and 10,000-line files by the file field', async () => {
    const n = tag();
    const part = await createPart(t.database.db, { partNumber: `UP-${n}`, availablequantity: 10 });
    const me = await signUp(t.app);
    const good = await upload(me, `\uFEFFsku;qty\r\nUP-${n};3\r\n`);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json<QuickOrderResult>().lines[0]).toMatchObject({
      status: 'ok',
      quantity: 3,
      part: { _id: part.id },
    });

    const binary = await upload(
      me,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff, 0xfe]),
    );
    expect(binary.statusCode).toBe(400);
    expect(binary.json()).toMatchObject({ detail: quickOrderTexts.notText, errors: [{ field: 'file' }] });
    const nul = await upload(me, `UP-${n}\u0000,1`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().detail).toBe(quickOrderTexts.notText);

    const many = await upload(me, Array.from({ length: 10_000 }, (_, i) => `P${i},1`).join('\n'));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({
      detail: quickOrderTexts.tooManyLines(500, 10_000),
      errors: [{ field: 'file' }],
    });
    const huge = await upload(me, 'A,1\n'.repeat(100_000));
    expect(huge.statusCode).toBe(400);
    expect(huge.json().detail).toBe(quickOrderTexts.fileTooLarge(256, 500));

    const wrongField = await upload(me, `UP-${n},1`, 'other');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().detail).toBe(quickOrderTexts.noFile);
  });

  it('is for signed-in customers only', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quick-order/resolve',
      payload: { text: 'A,1' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('quick order: adding lines to the cart', () => {
  it('adds the good lines in one go, adding to what the cart holds, and names the refused ones', async () => {
    const [a, b, c] = await insertParts(t.database.db, [
      buildPart({ name: 'Bulk A', availablequantity: 10, minquantity: 2, priceCents: 1000 }),
      buildPart({ name: 'Bulk B', availablequantity: 4, priceCents: 500 }),
      buildPart({ name: 'Bulk C', availablequantity: 10, minquantity: 5, priceCents: 100 }),
    ]);
    const me = await signUp(t.app);
    const first = await addLines(me, [
      { partId: a!.id, quantity: 2 },
      { partId: b!.id, quantity: 9 }, // above stock
      { partId: c!.id, quantity: 1 }, // below minimum
      { partId: '00000000-0000-4000-8000-000000000000', quantity: 1 }, // no such part
    ]);
    expect(first.statusCode).toBe(200);
    const body = first.json<AddCartLinesResult>();
    expect(body.added).toEqual([{ partId: a!.id, name: 'Bulk A', quantity: 2, note: null }]);
    expect(body.refused.map((r) => [r.name, r.message])).toEqual([
      ['Bulk B', messages.quantityAboveAvailable],
      ['Bulk C', "Quantity can't be less than 5"],
      ['00000000-0000-4000-8000-000000000000', quickOrderTexts.partGone],
    ]);
    expect(body.cart.items.map((i) => [i.name, i.quantity])).toEqual([['Bulk A', 2]]);

    // Again: 2 + 3 = 5 of A; the same part twice in one request adds up.
    const again = (
      await addLines(me, [
        { partId: a!.id, quantity: 1 },
        { partId: a!.id, quantity: 2 },
        { partId: b!.id, quantity: 4 },
      ])
    ).json<AddCartLinesResult>();
    expect(again.refused).toEqual([]);
    expect(again.cart.items.map((i) => [i.name, i.quantity])).toEqual([
      ['Bulk A', 5],
      ['Bulk B', 4],
    ]);
    // Over the stock with what the cart holds already: refused, saying so.
    const over = (await addLines(me, [{ partId: b!.id, quantity: 1 }])).json<AddCartLinesResult>();
    expect(over.refused[0]!.message).toContain(quickOrderTexts.inCartAlready(4, '').trim());
  });

  it('keeps to the cart’s 50-part cap', async () => {
    const list = await insertParts(
      t.database.db,
      Array.from({ length: CART_MAX_LINES + 2 }, (_, i) =>
        buildPart({ name: `Cap ${i}`, availablequantity: 5 }),
      ),
    );
    const me = await signUp(t.app);
    const res = await addLines(
      me,
      list.map((p) => ({ partId: p.id, quantity: 1 })),
    );
    const body = res.json<AddCartLinesResult>();
    expect(body.cart.items).toHaveLength(CART_MAX_LINES);
    expect(body.refused).toHaveLength(2);
    expect(body.refused[0]!.message).toBe(quickOrderTexts.cartFull(CART_MAX_LINES));
  });

  it('refuses bad bodies with a 400', async () => {
    const me = await signUp(t.app);
    for (const lines of [
      [],
      [{ partId: 'x', quantity: 1 }],
      [{ partId: '00000000-0000-4000-8000-000000000000', quantity: 0 }],
      Array.from({ length: 501 }, () => ({ partId: '00000000-0000-4000-8000-000000000000', quantity: 1 })),
    ]) {
      expect((await addLines(me, lines)).statusCode).toBe(400);
    }
  });
});

describe('reorder', () => {
  async function numberOf(orderId: string): Promise<number> {
    const [row] = await t.database.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row!.number!;
  }

  it('puts a past order’s parts back in the cart and lists the ones no longer sold or short', async () => {
    const me = await signUp(t.app);
    const kept = await createPart(t.database.db, {
      name: 'Reorder Kept',
      availablequantity: 20,
      minquantity: 1,
    });
    const gone = await createPart(t.database.db, { name: 'Reorder Gone', availablequantity: 20 });
    const short = await createPart(t.database.db, { name: 'Reorder Short', availablequantity: 20 });
    const keptOrder = await orderPart(t.app, me, kept.id, { quantity: 3 });
    const goneOrder = await orderPart(t.app, me, gone.id, { quantity: 1 });
    const shortOrder = await orderPart(t.app, me, short.id, { quantity: 4 });

    const res = await reorder(me, `PS-${await numberOf(keptOrder)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<AddCartLinesResult>().added).toEqual([
      { partId: kept.id, name: 'Reorder Kept', quantity: 3, note: null },
    ]);

    // The part is deleted (its order line keeps the name); another's minimum rose; stock fell.
    await t.database.db
      .delete(parts)
      .where(eq(parts.id, gone.id))
      .catch(async () => {
        // Parts with order lines may be protected: then act as if it were taken off sale.
        await t.database.db.update(parts).set({ availablequantity: 0 }).where(eq(parts.id, gone.id));
      });
    const goneAnswer = (await reorder(me, await numberOf(goneOrder))).json<AddCartLinesResult>();
    expect(goneAnswer.added).toEqual([]);
    expect(goneAnswer.refused).toHaveLength(1);
    expect(goneAnswer.refused[0]!.name).toBe('Reorder Gone');
    expect([quickOrderTexts.noLongerSold, quickOrderTexts.outOfStock]).toContain(
      goneAnswer.refused[0]!.message,
    );

    await t.database.db
      .update(parts)
      .set({ availablequantity: 2, minquantity: 1 })
      .where(eq(parts.id, short.id));
    const shortAnswer = (await reorder(me, await numberOf(shortOrder))).json<AddCartLinesResult>();
    expect(shortAnswer.added).toEqual([
      { partId: short.id, name: 'Reorder Short', quantity: 2, note: quickOrderTexts.addedFewer(2, 4) },
    ]);
  });

  it('is the order’s customer’s or their company’s; anyone else gets a 404', async () => {
    const owner = await signUp(t.app);
    const colleague = await signUp(t.app);
    const stranger = await signUp(t.app);
    const part = await createPart(t.database.db, { name: 'Company Pads', availablequantity: 20 });
    const orderId = await orderPart(t.app, owner, part.id, { quantity: 2 });
    const number = await numberOf(orderId);

    expect((await reorder(stranger, number)).statusCode).toBe(404);
    expect((await reorder(colleague, number)).statusCode).toBe(404);
    expect((await reorder(stranger, 99_999_999)).statusCode).toBe(404);
    expect((await reorder(stranger, 'not-a-number')).statusCode).toBe(400);

    const [company] = await t.database.db
      .insert(companies)
      .values({
        name: 'Reorder Couriers',
        taxId: 'TX-1',
        billingAddress: {
          name: 'A',
          street: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          phone: '5125550100',
        } as never,
      })
      .returning();
    await t.database.db.insert(companyMembers).values([
      { userId: owner.userId, companyId: company!.id, role: 'owner' },
      { userId: colleague.userId, companyId: company!.id, role: 'buyer' },
    ]);
    await t.database.db.update(orders).set({ companyId: company!.id }).where(eq(orders.id, orderId));

    const ok = await reorder(colleague, number);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<AddCartLinesResult>().added).toEqual([
      { partId: part.id, name: 'Company Pads', quantity: 2, note: null },
    ]);
    expect((await reorder(stranger, number)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${number}/reorder` })).statusCode).toBe(
      401,
    );
  });
});
