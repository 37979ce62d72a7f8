import { and, desc, eq, gte, ilike, sql, type SQL } from 'drizzle-orm';
import type { AdminOrdersQuery } from '@pitstop/core/admin';
import { messages } from '@pitstop/core/messages';
import { centsToDollars } from '@pitstop/core/money';
import { quantityProblem, type CreateOrderInput, type Order } from '@pitstop/core/orders';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import { orders, parts, type OrderRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { escapeLike } from '../../lib/sql.js';
import { sameEmail } from '../users/service.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOrder(row: OrderRow): Order {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    num: row.num,
    parts: row.parts,
    quantity: row.quantity,
    productId: row.partId,
    unitPrice: centsToDollars(row.unitPriceCents),
    total: centsToDollars(row.totalCents),
    status: row.status,
    paid: row.paidAt !== null,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    shippedAt: iso(row.shippedAt),
    deliveredAt: iso(row.deliveredAt),
    cancelledAt: iso(row.cancelledAt),
  };
}

const quantityError = (kind: 'invalid' | 'conflict', message: string) =>
  new AppError(kind, message, [{ field: 'quantity', message }]);

/**
 * Places an order for the signed-in customer. The part's name and price are taken from the
 * catalogue (never from the request), and stock is reserved with one conditional UPDATE in the
 * same transaction as the order row, so two buyers can never take the same unit.
 */
export async function placeOrder(
  db: Db,
  caller: SessionUser,
  input: CreateOrderInput,
): Promise<{ insertedId: string }> {
  if (!sameEmail(caller.email, input.email)) {
    throw new AppError('forbidden', 'You can only order for your own account.', [
      { field: 'email', message: 'Use the email you are signed in with.' },
    ]);
  }
  return db.transaction(async (tx) => {
    // Step 1: the rules a customer can fix (minimum, more than exists).
    const [part] = await tx
      .select({ minquantity: parts.minquantity, availablequantity: parts.availablequantity })
      .from(parts)
      .where(eq(parts.id, input.productId))
      .limit(1);
    if (!part) {
      throw new AppError('not_found', 'We could not find that part.', [
        { field: 'productId', message: 'We could not find that part.' },
      ]);
    }
    const problem = quantityProblem(input.quantity, part);
    if (problem) throw quantityError('invalid', problem);

    // Step 2: reserve the stock; no row back means someone else took it in the meantime.
    const [reserved] = await tx
      .update(parts)
      .set({ availablequantity: sql`${parts.availablequantity} - ${input.quantity}`, updatedAt: new Date() })
      .where(and(eq(parts.id, input.productId), gte(parts.availablequantity, input.quantity)))
      .returning({ name: parts.name, priceCents: parts.priceCents });
    if (!reserved) throw quantityError('conflict', messages.quantityAboveAvailable);

    // Step 3: the order, with the catalogue's name and price as they are now.
    const [order] = await tx
      .insert(orders)
      .values({
        userId: caller.id,
        email: caller.email,
        name: input.name,
        num: input.num,
        parts: reserved.name,
        partId: input.productId,
        quantity: input.quantity,
        unitPriceCents: reserved.priceCents,
        totalCents: reserved.priceCents * input.quantity,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order was not inserted');
    return { insertedId: order.id };
  });
}

/** A customer's own orders (or anyone's, for an admin), newest first. */
export async function listOrdersOf(db: Db, caller: SessionUser, email: string): Promise<Order[]> {
  if (!sameEmail(caller.email, email) && caller.role !== 'admin') {
    throw new AppError('forbidden', messages.forbidden);
  }
  const rows = await db
    .select()
    .from(orders)
    .where(eq(sql`lower(${orders.email})`, email.trim().toLowerCase()))
    .orderBy(desc(orders.createdAt));
  return rows.map(toOrder);
}

/** Every order for admins: filter by status, search by email, one page at a time. */
export async function listAllOrders(
  db: Db,
  query: AdminOrdersQuery,
): Promise<{ items: Order[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.email) conditions.push(ilike(orders.email, `%${escapeLike(query.email)}%`));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return { items: rows.map(toOrder), total: counted[0]?.n ?? 0 };
}

const NEXT: Record<
  'shipped' | 'delivered',
  { from: OrderRow['status']; stamp: 'shippedAt' | 'deliveredAt' }
> = {
  shipped: { from: 'paid', stamp: 'shippedAt' },
  delivered: { from: 'shipped', stamp: 'deliveredAt' },
};

/** An admin moves an order forward: paid → shipped → delivered, never back. */
export async function advanceOrder(
  db: Db,
  orderId: string,
  status: 'shipped' | 'delivered',
): Promise<OrderRow> {
  const step = NEXT[status];
  const [row] = await db
    .update(orders)
    .set({ status, [step.stamp]: new Date(), updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, step.from)))
    .returning();
  if (row) return row;
  const [existing] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!existing) throw new AppError('not_found', 'We could not find that order.');
  throw new AppError(
    'conflict',
    `Only a ${step.from} order can be marked ${status}; this one is ${existing.status}.`,
  );
}

/** Orders whose units are still held for the customer: deleting one puts them back. */
const HOLDING_STOCK = ['unpaid', 'paid'] as const;

/**
 * The owner may delete an unpaid order; an admin any order. Another customer's order is
 * answered as not found, so its existence is not revealed.
 */
export async function deleteOrder(
  db: Db,
  caller: SessionUser,
  orderId: string,
): Promise<{ deletedCount: number }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
    const isAdmin = caller.role === 'admin';
    if (!order || (!isAdmin && order.userId !== caller.id)) {
      throw new AppError('not_found', 'We could not find that order.');
    }
    if (!isAdmin && order.status !== 'unpaid') {
      throw new AppError('conflict', 'A paid order cannot be deleted. Please contact us to cancel it.');
    }
    const deleted = await tx.delete(orders).where(eq(orders.id, orderId)).returning({ id: orders.id });
    if (order.partId && (HOLDING_STOCK as readonly string[]).includes(order.status)) {
      await tx
        .update(parts)
        .set({
          availablequantity: sql`${parts.availablequantity} + ${order.quantity}`,
          updatedAt: new Date(),
        })
        .where(eq(parts.id, order.partId));
    }
    return { deletedCount: deleted.length };
  });
}
