import { sql, type WithSubquery } from 'drizzle-orm';
import type { OrderEventKind } from '@pitstop/core/order-detail';
import type { Db } from '../../db/client.js';
import { orderEvents } from '../../db/schema.js';

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
  await tx.insert(orderEvents).values(eventRow(orderId, kind, actor, detail));
}

/** recordOrderEvent as a CTE for a statement the change makes anyway: a round trip fewer. */
export function orderEventWrite(
  tx: Db,
  orderId: string,
  kind: OrderEventKind,
  actor: OrderActor | null,
  detail = '',
): WithSubquery {
  return tx.$with('order_event').as(
    tx
      .insert(orderEvents)
      .values(eventRow(orderId, kind, actor, detail))
      .returning({ id: orderEvents.id }),
  );
}

const eventRow = (orderId: string, kind: OrderEventKind, actor: OrderActor | null, detail: string) => ({
  orderId,
  kind,
  actorId: actor?.id ?? null,
  actorName: actorName(actor),
  detail,
});

/**
 * recordOrderEvent as a CTE named `alias`, written once for each row of the CTE `when` (the
 * change it records): the change and its line in one statement.
 */
export function orderEventWhen(
  tx: Db,
  alias: string,
  orderId: string,
  kind: OrderEventKind,
  actor: OrderActor | null,
  detail: string,
  when: string,
) {
  return tx.$with(alias, { id: sql<string>`id` }).as(sql`
    insert into ${orderEvents} (order_id, kind, actor_id, actor_name, detail)
    select ${orderId}::uuid, ${kind}, ${actor?.id ?? null}, ${actorName(actor)}, ${detail}
    from ${sql.identifier(when)}
    returning id`);
}
