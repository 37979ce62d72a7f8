import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { centsToDollars, dollarsToCents } from '@pitstop/core/money';
import { partNumberKey } from '@pitstop/core/parts';
import {
  pricingTexts,
  type PriceList,
  type PriceListAssignment,
  type PriceListInput,
  type Sale,
  type SaleInput,
} from '@pitstop/core/pricing';
import type { Db } from '../../db/client.js';
import {
  brands,
  companies,
  customerPriceLists,
  partSales,
  parts,
  priceListPrices,
  priceListRules,
  priceLists,
  users,
} from '../../db/schema.js';
import { AppError, hasSqlState } from '../../lib/errors.js';
import { recordAudit, type AuditContext } from '../audit/service.js';

/** Part ids by the numbers given (matched as search matches them: without dashes or spaces). */
async function partsByNumber(
  db: Db,
  numbers: readonly string[],
): Promise<Map<string, { id: string; priceCents: number; partNumber: string; name: string }>> {
  const keys = [...new Set(numbers.map((n) => partNumberKey(n)))];
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      id: parts.id,
      key: parts.partNumberKey,
      priceCents: parts.priceCents,
      partNumber: parts.partNumber,
      name: parts.name,
    })
    .from(parts)
    .where(inArray(parts.partNumberKey, keys));
  return new Map(rows.map((r) => [r.key, r]));
}

async function checkedInput(db: Db, input: PriceListInput) {
  const scopes = new Set<string>();
  for (const [i, rule] of input.rules.entries()) {
    const scope = `${rule.brand ?? ''}\u0000${rule.category ?? ''}`;
    if (scopes.has(scope))
      throw new AppError('invalid', pricingTexts.duplicateRule, [
        { field: `rules.${i}`, message: pricingTexts.duplicateRule },
      ]);
    scopes.add(scope);
  }
  const brandNames = [...new Set(input.rules.flatMap((r) => (r.brand ? [r.brand] : [])))];
  if (brandNames.length) {
    const known = await db.select({ name: brands.name }).from(brands).where(inArray(brands.name, brandNames));
    const names = new Set(known.map((b) => b.name));
    const i = input.rules.findIndex((r) => r.brand && !names.has(r.brand));
    if (i >= 0)
      throw new AppError('invalid', pricingTexts.unknownBrand, [
        { field: `rules.${i}.brand`, message: pricingTexts.unknownBrand },
      ]);
  }
  const found = await partsByNumber(
    db,
    input.prices.map((p) => p.partNumber),
  );
  const seen = new Set<string>();
  const prices = input.prices.map((p, i) => {
    const part = found.get(partNumberKey(p.partNumber));
    if (!part)
      throw new AppError('invalid', pricingTexts.unknownPartNumber(p.partNumber), [
        { field: `prices.${i}.partNumber`, message: pricingTexts.unknownPartNumber(p.partNumber) },
      ]);
    if (seen.has(part.id))
      throw new AppError('invalid', pricingTexts.duplicatePart, [
        { field: `prices.${i}.partNumber`, message: pricingTexts.duplicatePart },
      ]);
    seen.add(part.id);
    return { partId: part.id, priceCents: dollarsToCents(p.price) };
  });
  const rules = input.rules.map((r) => ({
    brand: r.brand,
    category: r.category,
    percentOffBp: Math.round(r.percentOff * 100),
  }));
  return { rules, prices };
}

function nameTaken(err: unknown): never {
  if (hasSqlState(err, '23505'))
    throw new AppError('conflict', pricingTexts.listNameTaken, [
      { field: 'name', message: pricingTexts.listNameTaken },
    ]);
  throw err;
}

export async function listPriceLists(db: Db, onlyId?: string): Promise<PriceList[]> {
  const lists = await db
    .select({ id: priceLists.id, name: priceLists.name })
    .from(priceLists)
    .where(onlyId ? eq(priceLists.id, onlyId) : undefined)
    .orderBy(asc(priceLists.name));
  if (lists.length === 0) return [];
  const ids = lists.map((l) => l.id);
  const [rules, prices, comps, customers] = await Promise.all([
    db
      .select()
      .from(priceListRules)
      .where(inArray(priceListRules.priceListId, ids))
      .orderBy(asc(priceListRules.brand), asc(priceListRules.category)),
    db
      .select({
        listId: priceListPrices.priceListId,
        partId: parts.id,
        partNumber: parts.partNumber,
        name: parts.name,
        retail: parts.priceCents,
        price: priceListPrices.priceCents,
      })
      .from(priceListPrices)
      .innerJoin(parts, eq(parts.id, priceListPrices.partId))
      .where(inArray(priceListPrices.priceListId, ids))
      .orderBy(asc(parts.partNumber)),
    db
      .select({ listId: companies.priceListId, id: companies.id, name: companies.name })
      .from(companies)
      .where(inArray(companies.priceListId, ids))
      .orderBy(asc(companies.name)),
    db
      .select({ listId: customerPriceLists.priceListId, id: users.id, email: users.email })
      .from(customerPriceLists)
      .innerJoin(users, eq(users.id, customerPriceLists.userId))
      .where(inArray(customerPriceLists.priceListId, ids))
      .orderBy(asc(users.email)),
  ]);
  return lists.map((l) => ({
    id: l.id,
    name: l.name,
    rules: rules
      .filter((r) => r.priceListId === l.id)
      .map((r) => ({ brand: r.brand, category: r.category, percentOff: r.percentOffBp / 100 })),
    prices: prices
      .filter((p) => p.listId === l.id)
      .map((p) => ({
        partId: p.partId,
        partNumber: p.partNumber,
        name: p.name,
        retail: centsToDollars(p.retail),
        price: centsToDollars(p.price),
      })),
    companies: comps.filter((c) => c.listId === l.id).map((c) => ({ id: c.id, name: c.name })),
    customers: customers.filter((c) => c.listId === l.id).map((c) => ({ id: c.id, email: c.email })),
  }));
}

async function onePriceList(db: Db, id: string): Promise<PriceList> {
  const [found] = await listPriceLists(db, id);
  if (!found) throw new AppError('not_found', pricingTexts.unknownPriceList);
  return found;
}

export async function createPriceList(
  db: Db,
  input: PriceListInput,
  audit: AuditContext,
): Promise<PriceList> {
  const checked = await checkedInput(db, input);
  const id = await db
    .transaction(async (tx) => {
      const [row] = await tx.insert(priceLists).values({ name: input.name }).returning({ id: priceLists.id });
      const listId = row!.id;
      if (checked.rules.length)
        await tx.insert(priceListRules).values(checked.rules.map((r) => ({ ...r, priceListId: listId })));
      if (checked.prices.length)
        await tx.insert(priceListPrices).values(checked.prices.map((p) => ({ ...p, priceListId: listId })));
      await recordAudit(tx, audit, {
        action: 'price_list.create',
        recordType: 'price_list',
        recordId: listId,
        after: { name: input.name, rules: checked.rules.length, prices: checked.prices.length },
      });
      return listId;
    })
    .catch(nameTaken);
  return onePriceList(db, id);
}

export async function updatePriceList(
  db: Db,
  id: string,
  input: PriceListInput,
  audit: AuditContext,
): Promise<PriceList> {
  const checked = await checkedInput(db, input);
  await db
    .transaction(async (tx) => {
      const [before] = await tx
        .select({ name: priceLists.name })
        .from(priceLists)
        .where(eq(priceLists.id, id))
        .for('update');
      if (!before) throw new AppError('not_found', pricingTexts.unknownPriceList);
      await tx
        .update(priceLists)
        .set({ name: input.name, updatedAt: sql`now()` })
        .where(eq(priceLists.id, id));
      await tx.delete(priceListRules).where(eq(priceListRules.priceListId, id));
      await tx.delete(priceListPrices).where(eq(priceListPrices.priceListId, id));
      if (checked.rules.length)
        await tx.insert(priceListRules).values(checked.rules.map((r) => ({ ...r, priceListId: id })));
      if (checked.prices.length)
        await tx.insert(priceListPrices).values(checked.prices.map((p) => ({ ...p, priceListId: id })));
      await recordAudit(tx, audit, {
        action: 'price_list.update',
        recordType: 'price_list',
        recordId: id,
        before: { name: before.name },
        after: { name: input.name, rules: checked.rules.length, prices: checked.prices.length },
      });
    })
    .catch(nameTaken);
  return onePriceList(db, id);
}

export async function deletePriceList(db: Db, id: string, audit: AuditContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(priceLists)
      .where(eq(priceLists.id, id))
      .returning({ name: priceLists.name });
    if (!gone) throw new AppError('not_found', pricingTexts.unknownPriceList);
    await recordAudit(tx, audit, {
      action: 'price_list.delete',
      recordType: 'price_list',
      recordId: id,
      before: { name: gone.name },
    });
  });
}

/** A company or one customer (by email) buys at this price list from now on (null: retail). */
export async function assignPriceList(
  db: Db,
  input: PriceListAssignment,
  audit: AuditContext,
): Promise<void> {
  if ((input.companyId === undefined) === (input.email === undefined || input.email === ''))
    throw new AppError('invalid', pricingTexts.assignOne, [
      { field: 'companyId', message: pricingTexts.assignOne },
    ]);
  await db.transaction(async (tx) => {
    if (input.priceListId) {
      const [list] = await tx
        .select({ id: priceLists.id })
        .from(priceLists)
        .where(eq(priceLists.id, input.priceListId));
      if (!list)
        throw new AppError('invalid', pricingTexts.unknownPriceList, [
          { field: 'priceListId', message: pricingTexts.unknownPriceList },
        ]);
    }
    if (input.companyId) {
      const [before] = await tx
        .select({ name: companies.name, priceListId: companies.priceListId })
        .from(companies)
        .where(eq(companies.id, input.companyId))
        .for('update');
      if (!before)
        throw new AppError('invalid', pricingTexts.unknownCompany, [
          { field: 'companyId', message: pricingTexts.unknownCompany },
        ]);
      await tx
        .update(companies)
        .set({ priceListId: input.priceListId, updatedAt: sql`now()` })
        .where(eq(companies.id, input.companyId));
      await recordAudit(tx, audit, {
        action: 'price_list.assign',
        recordType: 'company',
        recordId: input.companyId,
        before: { priceListId: before.priceListId },
        after: { priceListId: input.priceListId },
        about: { name: before.name },
      });
      return;
    }
    const [user] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email!.toLowerCase()));
    if (!user)
      throw new AppError('invalid', pricingTexts.unknownCustomer, [
        { field: 'email', message: pricingTexts.unknownCustomer },
      ]);
    const [before] = await tx
      .select({ priceListId: customerPriceLists.priceListId })
      .from(customerPriceLists)
      .where(eq(customerPriceLists.userId, user.id));
    if (input.priceListId) {
      await tx
        .insert(customerPriceLists)
        .values({ userId: user.id, priceListId: input.priceListId })
        .onConflictDoUpdate({
          target: customerPriceLists.userId,
          set: { priceListId: input.priceListId, updatedAt: sql`now()` },
        });
    } else {
      await tx.delete(customerPriceLists).where(eq(customerPriceLists.userId, user.id));
    }
    await recordAudit(tx, audit, {
      action: 'price_list.assign',
      recordType: 'user',
      recordId: user.id,
      before: { priceListId: before?.priceListId ?? null },
      after: { priceListId: input.priceListId },
      about: { email: user.email },
    });
  });
}

function toSale(r: {
  id: string;
  partId: string;
  partNumber: string;
  name: string;
  retail: number;
  salePriceCents: number;
  startsAt: Date;
  endsAt: Date;
}): Sale {
  return {
    id: r.id,
    partId: r.partId,
    partNumber: r.partNumber,
    name: r.name,
    retail: centsToDollars(r.retail),
    salePrice: centsToDollars(r.salePriceCents),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
  };
}

const saleColumns = {
  id: partSales.id,
  partId: partSales.partId,
  partNumber: parts.partNumber,
  name: parts.name,
  retail: parts.priceCents,
  salePriceCents: partSales.salePriceCents,
  startsAt: partSales.startsAt,
  endsAt: partSales.endsAt,
};

/** Sales running or planned, and those ended in the last 30 days, newest start first. */
export async function listSales(db: Db): Promise<Sale[]> {
  const rows = await db
    .select(saleColumns)
    .from(partSales)
    .innerJoin(parts, eq(parts.id, partSales.partId))
    .where(gt(partSales.endsAt, sql`now() - interval '30 days'`))
    .orderBy(desc(partSales.startsAt), asc(parts.partNumber))
    .limit(500);
  return rows.map(toSale);
}

export async function createSale(
  db: Db,
  input: SaleInput,
  audit: AuditContext,
  now = new Date(),
): Promise<Sale> {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  if (endsAt.getTime() <= startsAt.getTime())
    throw new AppError('invalid', pricingTexts.saleEndsAfterStart, [
      { field: 'endsAt', message: pricingTexts.saleEndsAfterStart },
    ]);
  if (endsAt.getTime() <= now.getTime())
    throw new AppError('invalid', pricingTexts.saleEndsInPast, [
      { field: 'endsAt', message: pricingTexts.saleEndsInPast },
    ]);
  const part = (await partsByNumber(db, [input.partNumber])).get(partNumberKey(input.partNumber));
  if (!part)
    throw new AppError('invalid', pricingTexts.unknownPartNumber(input.partNumber), [
      { field: 'partNumber', message: pricingTexts.unknownPartNumber(input.partNumber) },
    ]);
  const salePriceCents = dollarsToCents(input.salePrice);
  if (salePriceCents >= part.priceCents)
    throw new AppError('invalid', pricingTexts.saleBelowRetail, [
      { field: 'salePrice', message: pricingTexts.saleBelowRetail },
    ]);
  const id = await db.transaction(async (tx) => {
    // One sale at a time per part: the part's row is the lock two admins' saves queue on.
    await tx.select({ id: parts.id }).from(parts).where(eq(parts.id, part.id)).for('update');
    const [overlap] = await tx
      .select({ id: partSales.id })
      .from(partSales)
      .where(
        and(eq(partSales.partId, part.id), lt(partSales.startsAt, endsAt), gt(partSales.endsAt, startsAt)),
      )
      .limit(1);
    if (overlap)
      throw new AppError('conflict', pricingTexts.saleOverlaps, [
        { field: 'startsAt', message: pricingTexts.saleOverlaps },
      ]);
    const [row] = await tx
      .insert(partSales)
      .values({ partId: part.id, salePriceCents, startsAt, endsAt })
      .returning({ id: partSales.id });
    await recordAudit(tx, audit, {
      action: 'sale.create',
      recordType: 'sale',
      recordId: row!.id,
      after: { partNumber: part.partNumber, salePriceCents, startsAt: input.startsAt, endsAt: input.endsAt },
    });
    return row!.id;
  });
  const [sale] = await db
    .select(saleColumns)
    .from(partSales)
    .innerJoin(parts, eq(parts.id, partSales.partId))
    .where(eq(partSales.id, id));
  return toSale(sale!);
}

/** Removes a sale (running: it ends now); answers its part's id for the caches. */
export async function deleteSale(db: Db, id: string, audit: AuditContext): Promise<string> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(partSales).where(eq(partSales.id, id)).returning({
      partId: partSales.partId,
      salePriceCents: partSales.salePriceCents,
    });
    if (!gone) throw new AppError('not_found', pricingTexts.unknownSale);
    await recordAudit(tx, audit, {
      action: 'sale.delete',
      recordType: 'sale',
      recordId: id,
      before: { partId: gone.partId, salePriceCents: gone.salePriceCents },
    });
    return gone.partId;
  });
}
