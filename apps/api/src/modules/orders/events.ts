import { sql } from 'drizzle-orm';
import type { OrderEventKind } from '@pitstop/core/order-detail';
import type { Db } from '../../db/client.js';
import { orderEvents, orderNumberCounter, orders } from '../../db/schema.js';
import { eq } from 'drizzle-orm';

/** Who changed an order, as its timeline names them; null actor: the shop itself (a job, a webhook). */
export interface OrderActor {
  id: string;
  name: string;
  role: 'user' | 'admin';
}

export const SYSTEM = null;

/** "Ada Rider (customer)", "Sam Admin (admin)", or "System" for the shop's own jobs. */
export function actorName(actor: OrderActor | null): string {
  if (!actor) return 'System';
  return `${actor.name} (${actor.role === 'admin' ? 'admin' : 'customer'})`;
}

/**
 * Adds one line to an order's timeline, in the transaction of the change it records, so the
 * timeline holds a change exactly when the change happened.
 */
export async function recordOrderEvent(
  tx: Db,
  orderId: string,
  kind: OrderEventKind,
  actor: OrderActor | null,
  detail = '',
): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId,
    kind,
    actorId: actor?.id ?? null,
    actorName: actorName(actor),
    detail,
  });
}

/**
 * Gives a new order the next number: the counter's one row is updated as the order's last write, so
 * its lock is held only until the commit (checkouts queue on it for that long, not for their whole
 * transaction), and a transaction that rolls back gives its number back: numbers never repeat and
 * never skip.
 */
export async function stampOrderNumber(tx: Db, orderId: string): Promise<number> {
  const [row] = await tx
    .update(orderNumberCounter)
    .set({ last: sql`${orderNumberCounter.last} + 1` })
    .where(eq(orderNumberCounter.id, true))
    .returning({ last: orderNumberCounter.last });
  if (!row) throw new Error('the order number counter has no row (migration 0013)');
  await tx.update(orders).set({ number: row.last }).where(eq(orders.id, orderId));
  return row.last;
}
