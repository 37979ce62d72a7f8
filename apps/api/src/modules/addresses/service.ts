import { and, count, desc, eq, isNull, ne, or, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import {
  ADDRESS_BOOK_MAX,
  addressBookTexts,
  type AddressBook,
  type AddressEntry,
} from '@pitstop/core/address-book';
import type { DeliveryAddress } from '@pitstop/core/checkout';
import type { Db } from '../../db/client.js';
import { addresses, companyMembers } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/*
 * The address book (issue #28, item 4): a customer's delivery addresses, at most one the default
 * (the partial unique index `addresses_default_idx`). Whoever has an address has a default: the
 * first one is it, and removing it promotes the most recently updated one, so 1-Click always has
 * somewhere to ship. The checkout keeps its address here too, in one statement of its own
 * (`keepAtCheckout`).
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Row = typeof addresses.$inferSelect;

/** The address as parsed (DeliveryAddressSchema) and whether it becomes the default. */
export type AddressChange = DeliveryAddress & { isDefault?: boolean | undefined };

function toEntry(row: Row): AddressEntry {
  const entry = {
    id: row.id,
    name: row.name,
    street: row.street,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    isDefault: row.isDefault,
  };
  // No second line is no key at all, as on an order's address.
  return row.line2 ? { ...entry, line2: row.line2 } : entry;
}

/** The columns an address writes: line2 spelled out, so an address without one clears it. */
function columnsOf(address: DeliveryAddress) {
  return {
    name: address.name,
    street: address.street,
    line2: address.line2 ?? null,
    city: address.city,
    state: address.state,
    zip: address.zip,
    phone: address.phone,
  };
}

/** The same address: every field equal (a missing second line equals a missing one). */
function sameAddress(address: DeliveryAddress): SQL {
  const c = columnsOf(address);
  return and(
    eq(addresses.name, c.name),
    eq(addresses.street, c.street),
    c.line2 === null ? isNull(addresses.line2) : eq(addresses.line2, c.line2),
    eq(addresses.city, c.city),
    eq(addresses.state, c.state),
    eq(addresses.zip, c.zip),
    eq(addresses.phone, c.phone),
  )!;
}

/**
 * The default first, then the most recently updated; a company member's book also lists the
 * company's shared addresses (issue #30), so checkout and 1-Click can ship to them. Only the
 * customer's own entry is ever their default.
 */
export async function listAddresses(db: Db | Tx, userId: string): Promise<AddressBook> {
  const rows = await db
    .select()
    .from(addresses)
    .where(
      or(
        eq(addresses.userId, userId),
        sql`${addresses.companyId} = (select ${companyMembers.companyId} from ${companyMembers} where ${companyMembers.userId} = ${userId})`,
      ),
    )
    .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt), desc(addresses.id));
  return {
    addresses: rows.map((row) => toEntry(row.userId === userId ? row : { ...row, isDefault: false })),
  };
}

/**
 * One customer's book changes one at a time (two tabs adding a default at once), so "one default"
 * and "at most ADDRESS_BOOK_MAX" hold without the unique index ever answering a 500.
 */
async function forCustomer<T>(db: Db, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
    return work(tx);
  });
}

/** Makes `id` the default: the old default cleared first, so the partial unique index holds. */
async function makeDefault(tx: Tx, userId: string, id: string): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, id)));
  await tx
    .update(addresses)
    .set({ isDefault: true })
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
}

async function ownRow(tx: Tx, userId: string, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
  if (!row) throw new AppError('not_found', addressBookTexts.notFound);
  return row;
}

async function hasDefault(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
  return row !== undefined;
}

/**
 * Adds an address. The same address already in the book is not added twice: that entry is
 * answered, touched (and made the default if asked), with `created: false`. A new one past
 * ADDRESS_BOOK_MAX is refused (409). A first address, or `isDefault: true`, is the default.
 */
export async function addAddress(
  db: Db,
  userId: string,
  input: AddressChange,
): Promise<{ entry: AddressEntry; created: boolean }> {
  return forCustomer(db, userId, async (tx) => {
    const [same] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), sameAddress(input)))
      .orderBy(desc(addresses.updatedAt))
      .limit(1);
    let id = same?.id;
    if (id) {
      await tx.update(addresses).set({ updatedAt: new Date() }).where(eq(addresses.id, id));
    } else {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(addresses)
        .where(eq(addresses.userId, userId));
      if (n >= ADDRESS_BOOK_MAX) throw new AppError('conflict', addressBookTexts.full);
      const [row] = await tx
        .insert(addresses)
        .values({ userId, ...columnsOf(input) })
        .returning({ id: addresses.id });
      id = row!.id;
    }
    if (input.isDefault === true || !(await hasDefault(tx, userId))) await makeDefault(tx, userId, id);
    return { entry: toEntry(await ownRow(tx, userId, id)), created: !same };
  });
}

/**
 * Edits an address. `isDefault: true` makes it the default; `false` on the default is ignored:
 * the default moves only by choosing another one, so a customer with addresses always has one.
 */
export async function editAddress(
  db: Db,
  userId: string,
  id: string,
  input: AddressChange,
): Promise<AddressEntry> {
  return forCustomer(db, userId, async (tx) => {
    await ownRow(tx, userId, id);
    await tx
      .update(addresses)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
    if (input.isDefault === true) await makeDefault(tx, userId, id);
    return toEntry(await ownRow(tx, userId, id));
  });
}

/**
 * Removes an address (orders keep their own copy). Removing the default promotes the most
 * recently updated one left, so 1-Click keeps a default while there is any address.
 */
export async function removeAddress(db: Db, userId: string, id: string): Promise<void> {
  await forCustomer(db, userId, async (tx) => {
    const row = await ownRow(tx, userId, id);
    await tx.delete(addresses).where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.updatedAt), desc(addresses.id))
      .limit(1);
    if (next) await makeDefault(tx, userId, next.id);
  });
}

/**
 * The checkout keeps the order's address in the book, as CTEs sent with the order's first read
 * (no round trip of its own): the same address already there is touched (most recently used),
 * otherwise a new entry is added, unless the book is full (the order is placed all the same and
 * keeps its own copy). It becomes the default when asked (`makeDefault`) or when the customer has
 * none (a first address). Data-modifying CTEs must be top-level, hence several.
 *
 * The old default is cleared before the new one is set: the touch and the insert read
 * `book_cleared`, which runs that update to completion first, so the partial unique index sees one
 * default at a time. Two orders of one customer at once both making a default: the second's
 * insert meets the first's default and keeps nothing (`on conflict do nothing`) rather than fail
 * the order; that address stays on its order.
 */
export function keepAtCheckout(
  tx: Db,
  userId: string,
  address: DeliveryAddress,
  makeDefaultAsked: boolean,
): WithSubquery[] {
  const c = columnsOf(address);
  const mine = sql`${addresses} where ${addresses.userId} = ${userId}`;
  const plan = tx.$with('book_plan', { sameId: sql<string | null>`same_id` }).as(sql`
    select
      (select ${addresses.id} from ${mine}
         and ${addresses.name} = ${c.name} and ${addresses.street} = ${c.street}
         and ${addresses.line2} is not distinct from ${c.line2}::text
         and ${addresses.city} = ${c.city} and ${addresses.state} = ${c.state}
         and ${addresses.zip} = ${c.zip} and ${addresses.phone} = ${c.phone}
       order by ${addresses.updatedAt} desc limit 1) as same_id,
      (select count(*) from ${mine}) < ${ADDRESS_BOOK_MAX}::int as has_room,
      (${makeDefaultAsked}::boolean or not exists (select 1 from ${mine} and ${addresses.isDefault})) as make_default`);
  const cleared = tx.$with('book_cleared', { id: sql<string>`id` }).as(sql`
    update ${addresses} set is_default = false from book_plan p
     where ${addresses.userId} = ${userId} and ${addresses.isDefault} and p.make_default
       and (p.same_id is not null or p.has_room)
       and ${addresses.id} is distinct from p.same_id
    returning ${addresses.id}`);
  // "(select count(*) from book_cleared) >= 0" is always true: it is there to run the clearing first.
  const touched = tx.$with('book_touched', { id: sql<string>`id` }).as(sql`
    update ${addresses} set updated_at = now(), is_default = ${addresses.isDefault} or p.make_default
      from book_plan p
     where ${addresses.id} = p.same_id and (select count(*) from book_cleared) >= 0
    returning ${addresses.id}`);
  const inserted = tx.$with('book_added', { id: sql<string>`id` }).as(sql`
    insert into ${addresses} (user_id, name, street, line2, city, state, zip, phone, is_default)
    select ${userId}, ${c.name}, ${c.street}, ${c.line2}::text, ${c.city}, ${c.state}, ${c.zip}, ${c.phone}, p.make_default
      from book_plan p
     where p.same_id is null and p.has_room and (select count(*) from book_cleared) >= 0
    on conflict (user_id) where is_default do nothing
    returning id`);
  return [plan, cleared, touched, inserted];
}
