import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  sql,
  type SQL,
  type WithSubquery,
} from 'drizzle-orm';
import type { AdminOrdersQuery } from '@pitstop/core/admin';
import type { DeliverySettings } from '@pitstop/core/delivery-promise';
import { messages, orderTexts } from '@pitstop/core/messages';
import { centsToDollars, formatDollars } from '@pitstop/core/money';
import { formatOrderNumber, type Order, type OrderLine } from '@pitstop/core/orders';
import type { Shipment } from '@pitstop/core/shipments';
import type { SessionUser } from '../../auth/plugin.js';
import type { Db } from '../../db/client.js';
import {
  orderEvents,
  orderLines,
  orderNumberCounter,
  orders,
  parts,
  refunds,
  type OrderLineRow,
  type OrderRow,
} from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { orderRecordId, recordAudit, type AuditContext } from '../audit/service.js';
import { queueIntentCancels } from '../../lib/payments/intent-cancels.js';
import { escapeLike } from '../../lib/sql.js';
import { enqueueMail, renderedMailJobs, type RenderedMail } from '../jobs/queue.js';
import { shipmentsOf } from './shipments-read.js';
import { sameEmail } from '../users/service.js';
import { orderCancellationMail } from './cancellation-mail.js';
import { releaseDiscountUses } from '../promotions/apply.js';
import { actorName, recordOrderEvent, SYSTEM, type OrderActor } from './events.js';
import { expireApprovals } from '../approvals/expiry.js';
import { approvalsTexts } from '@pitstop/core/approvals-texts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type OrderLineFields = Pick<
  OrderLineRow,
  'id' | 'partId' | 'partNumber' | 'partName' | 'unitPriceCents' | 'quantity'
> &
  Partial<Pick<OrderLineRow, 'listPriceCents' | 'discountCents'>>;

export function toOrderLine(line: OrderLineFields): OrderLine {
  return {
    lineId: line.id,
    partId: line.partId,
    partNumber: line.partNumber,
    name: line.partName,
    unitPrice: centsToDollars(line.unitPriceCents),
    quantity: line.quantity,
    total: centsToDollars(line.unitPriceCents * line.quantity),
    listPrice: line.listPriceCents == null ? null : centsToDollars(line.listPriceCents),
    discount: centsToDollars(line.discountCents ?? 0),
  };
}

/**
 * An order with its lines (and its shipments, none for an order that has not shipped), as the
 * API answers it; the first line stands in for the spec's one part.
 */
export function toOrder(row: OrderRow, lines: OrderLineFields[], shipments: Shipment[] = []): Order {
  const first = lines[0];
  return {
    _id: row.id,
    orderNumber: row.number === null ? '' : formatOrderNumber(row.number),
    email: row.email,
    name: row.name,
    num: row.num,
    parts: first?.partName ?? '',
    quantity: first?.quantity ?? 0,
    productId: first?.partId ?? null,
    unitPrice: centsToDollars(first?.unitPriceCents ?? 0),
    lines: lines.map(toOrderLine),
    subtotal: centsToDollars(row.subtotalCents),
    tax: centsToDollars(row.taxCents),
    total: centsToDollars(row.totalCents),
    address: row.deliveryAddress ?? null,
    status: row.status,
    paid: row.paidAt !== null,
    transactionId: row.transactionId,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    shippedAt: iso(row.shippedAt),
    deliveredAt: iso(row.deliveredAt),
    cancelledAt: iso(row.cancelledAt),
    // A deadline only means something while the order still holds its stock unpaid (or waits for
    // its company's approver).
    expiresAt: row.status === 'unpaid' || row.status === 'awaiting_approval' ? iso(row.expiresAt) : null,
    cancelReason: row.status === 'cancelled' ? (row.cancelReason ?? null) : null,
    paymentMethod: row.paymentMethod,
    // What is still owed and by when: only while an on-account order is open and unpaid.
    paymentDueAt: row.paidAt === null && row.status !== 'cancelled' ? iso(row.paymentDueAt) : null,
    refundedAt: iso(row.refundedAt),
    refunded: centsToDollars(row.refundedCents),
    promisedOn: row.promisedOn ?? null,
    oneClick: row.oneClick,
    shipments,
    companyId: row.companyId,
    poNumber: row.poNumber,
    discount: centsToDollars(row.discountCents),
    discountCode: row.discountCode,
  };
}

/** The lines of these orders, each order's in position order, with one query. */
export async function linesOf(db: Db, orderIds: string[]): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const line of rows) byOrder.get(line.orderId)?.push(line);
  return byOrder;
}

/** These orders as the API answers them: their lines and their shipments, one query each. */
export async function withLines(db: Db, rows: OrderRow[]): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const [lines, shipped] = await Promise.all([linesOf(db, ids), shipmentsOf(db, ids)]);
  return rows.map((row) => toOrder(row, lines.get(row.id) ?? [], shipped.get(row.id) ?? []));
}

/** An order's confirmation, written when its mail job runs (finishOrder queues it). */
export const ORDER_CONFIRMATION_MAIL = 'order-confirmation';

/** One order with its lines, or null (for a mail written after the order was deleted). */
export async function orderById(db: Db, orderId: string): Promise<Order | null> {
  return (await ordersByIds(db, [orderId])).get(orderId) ?? null;
}

/** These orders with their lines, by id (one deleted meanwhile is absent): three statements for any number. */
export async function ordersByIds(db: Db, ids: string[]): Promise<Map<string, Order>> {
  const rows = await db.select().from(orders).where(inArray(orders.id, ids));
  return new Map((await withLines(db, rows)).map((order) => [order._id, order]));
}

/** A customer's own orders (or anyone's, for an admin), newest first. */
export async function listOrdersOf(db: Db, caller: SessionUser, email: string): Promise<Order[]> {
  if (!sameEmail(caller.email, email) && caller.role !== 'admin') {
    throw new AppError('forbidden', messages.forbidden);
  }
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(sql`lower(${orders.email})`, email.trim().toLowerCase()), isNull(orders.deletedAt)))
    .orderBy(desc(orders.createdAt));
  return withLines(db, rows);
}

/** Every order for admins: filter by status, search by email, find by number, one page at a time. */
export async function listAllOrders(
  db: Db,
  query: AdminOrdersQuery,
): Promise<{ items: Order[]; total: number }> {
  // A deleted order is kept for its history but listed nowhere.
  const conditions: SQL[] = [isNull(orders.deletedAt)];
  if (query.status) conditions.push(eq(orders.status, query.status));
  if (query.email) conditions.push(ilike(orders.email, `%${escapeLike(query.email)}%`));
  if (query.number !== undefined) conditions.push(eq(orders.number, query.number));
  if (query.po) conditions.push(ilike(orders.poNumber, `%${escapeLike(query.po)}%`));
  const where = and(...conditions);
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
  return { items: await withLines(db, rows), total: counted[0]?.n ?? 0 };
}

/**
 * Deleting an order hides it; it never erases it. Only an order that holds no money may go: an
 * unpaid one (cancelled first, so its units come back and a payment arriving later is refunded)
 * or a cancelled one. A paid or on-account order is refused (409) with the way to do it instead:
 * cancel and refund. The owner may delete their own, an admin any; another customer's order is
 * answered as not found. Deleting a deleted order again changes nothing.
 */
export async function deleteOrder(
  db: Db,
  caller: SessionUser,
  orderId: string,
  audit: AuditContext,
): Promise<{ deletedCount: number; partIds: string[] }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
    const isAdmin = caller.role === 'admin';
    if (!order || (!isAdmin && order.userId !== caller.id)) {
      throw new AppError('not_found', orderTexts.notFound);
    }
    if (order.deletedAt) return { deletedCount: 0, partIds: [] };
    if (order.status !== 'unpaid' && order.status !== 'cancelled') {
      throw new AppError(
        'conflict',
        isAdmin ? orderTexts.paidCannotDeleteAdmin : orderTexts.paidCannotDelete,
      );
    }
    const now = new Date();
    let partIds: string[] = [];
    if (order.status === 'unpaid') {
      partIds = await releaseStock(tx, [orderId]);
      await queueIntentCancels(tx, [orderId]);
      await releaseDiscountUses(tx, [orderId]);
      await recordOrderEvent(tx, orderId, 'cancelled', caller, 'Deleted before it was paid');
    }
    await tx
      .update(orders)
      .set({
        deletedAt: now,
        updatedAt: now,
        ...(order.status === 'unpaid'
          ? {
              status: 'cancelled' as const,
              cancelledAt: now,
              cancelReason: isAdmin ? ('admin' as const) : ('customer' as const),
            }
          : {}),
      })
      .where(eq(orders.id, orderId));
    await recordOrderEvent(tx, orderId, 'deleted', caller);
    // An admin's delete is an admin action; a customer hiding their own order is not.
    if (isAdmin) {
      await recordAudit(tx, audit, {
        action: 'order.delete',
        recordType: 'order',
        recordId: orderRecordId(order),
        before: { status: order.status, deleted: false },
        after: { status: 'cancelled', deleted: true },
      });
    }
    return { deletedCount: 1, partIds };
  });
}

/**
 * Puts the units of these lines back on the shelf (a line whose part was deleted has nowhere to
 * go). Parts are updated in id order, as the checkout locks them, so the two never deadlock.
 * Cancelling, expiry and deleting use it, and so does a return received into stock.
 */
export async function returnStock(
  tx: Db,
  lines: Pick<OrderLineRow, 'partId' | 'quantity'>[],
): Promise<string[]> {
  const units = new Map<string, number>();
  for (const line of lines) {
    if (line.partId) units.set(line.partId, (units.get(line.partId) ?? 0) + line.quantity);
  }
  for (const [partId, quantity] of [...units].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    await tx
      .update(parts)
      .set({ availablequantity: sql`${parts.availablequantity} + ${quantity}`, updatedAt: new Date() })
      .where(eq(parts.id, partId));
  }
  return [...units.keys()];
}

/** Gives back every unit these orders hold (delete and expiry; cancel has the lines already). */
async function releaseStock(tx: Db, orderIds: string[]): Promise<string[]> {
  const lines = await tx
    .select({ partId: orderLines.partId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds));
  return returnStock(tx, lines);
}

/** What every new order is written with, from the configuration. */
export interface OrderTerms {
  /** How long the unpaid order holds its stock (ORDER_HOLD_MINUTES). */
  holdMinutes: number;
  /** The shop's address, for the confirmation mail's links. */
  publicUrl: string;
  /**
   * The delivery promise's settings (modules/settings keeps them in memory), taken before the
   * order's transaction starts (a read inside it could wait on its own connection, on PGlite): an
   * order stores the date it promised. Without them an order promises nothing.
   */
  deliverySettings?: DeliverySettings;
}

export interface NewOrder {
  userId: string;
  email: string;
  name: string;
  num: string;
  taxCents: number;
  deliveryAddress: OrderRow['deliveryAddress'];
  paymentMethod: OrderRow['paymentMethod'];
  terms: OrderTerms;
  /** The delivery date promised as it is placed ('YYYY-MM-DD'); null: none. */
  promisedOn?: string | null;
  /** Placed with 1-Click (issue #28). */
  oneClick?: boolean;
  /** Issue #30: the company it is placed for, the buyer's PO number, a discount code and its amount. */
  companyId?: string | null;
  poNumber?: string | null;
  discountCode?: string | null;
  discountCents?: number;
  /** Over the buyer's limit: the order waits for an approver, holding its stock like an unpaid one. */
  awaitingApproval?: boolean;
  lines: {
    partId: string;
    partNumber: string;
    partName: string;
    unitPriceCents: number;
    quantity: number;
    listPriceCents?: number | null;
    discountCents?: number;
  }[];
}

/**
 * Writes an order and its lines (numbered from 1 in the given order); subtotal and total are
 * summed here from the lines, so they cannot disagree. The caller reserves the stock and then
 * calls `finishOrder` (or both at once: `reserveAndFinishOrder`), in the same transaction.
 * Answers the order as written, without its number.
 */
export async function insertOrder(tx: Db, order: NewOrder): Promise<Order> {
  const subtotalCents = order.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const discountCents = order.discountCents ?? 0;
  // The order and its lines go in one statement (the id is made here, so the lines can name it).
  const id = randomUUID();
  const placed = tx.$with('placed').as(
    tx
      .insert(orders)
      .values({
        id,
        userId: order.userId,
        email: order.email,
        name: order.name,
        num: order.num,
        subtotalCents,
        taxCents: order.taxCents,
        discountCents,
        totalCents: subtotalCents - discountCents + order.taxCents,
        deliveryAddress: order.deliveryAddress,
        paymentMethod: order.paymentMethod,
        promisedOn: order.promisedOn ?? null,
        oneClick: order.oneClick ?? false,
        companyId: order.companyId ?? null,
        poNumber: order.poNumber ?? null,
        discountCode: order.discountCode ?? null,
        // An order on account is accepted at once (net 30): it never expires and its invoice falls
        // due in 30 days. A card order holds its stock until its deadline, on the database's clock,
        // the same one the expiry job compares with, whichever process asks. An order waiting for
        // an approver holds its stock the same way, whichever way it will be paid.
        ...(order.awaitingApproval
          ? {
              status: 'awaiting_approval' as const,
              expiresAt: sql`now() + make_interval(mins => ${order.terms.holdMinutes})`,
            }
          : order.paymentMethod === 'account'
            ? {
                status: 'on_account' as const,
                expiresAt: null,
                paymentDueAt: sql`now() + interval '30 days'`,
              }
            : { expiresAt: sql`now() + make_interval(mins => ${order.terms.holdMinutes})` }),
      })
      .returning(),
  );
  // Line ids are made here too, so the answer needs no second read.
  const lineRows = order.lines.map((line, i) => ({
    ...line,
    id: randomUUID(),
    orderId: id,
    position: i + 1,
  }));
  const written = tx
    .$with('written')
    .as(tx.insert(orderLines).values(lineRows).returning({ id: orderLines.id }));
  const [row] = await tx.with(placed, written).select().from(placed);
  if (!row) throw new Error('order was not inserted');
  return toOrder(row, lineRows);
}

/** What an order's last writes are made with. */
interface Finishing {
  order: Order;
  actor: OrderActor;
  terms: Pick<OrderTerms, 'publicUrl'>;
  /** Mails queued with the confirmation (the shop's notice of an order on account). */
  alsoQueue?: RenderedMail[];
  /**
   * Other modules' writes that belong to the order's last statement, built on its condition
   * (the reservation took every line): the invoice (issue #30).
   */
  alsoWrite?: (tookAll: SQL) => WithSubquery[];
}

/**
 * An order's last writes as the CTEs of one statement: its number (only when `numberIf` holds),
 * the order stamped with it, the first line of its timeline, and the jobs of its confirmation mail (written when it is
 * sent, from the order as stored) and of any other mails, which go out exactly when the order
 * exists (the caller wakes the job runner once it commits).
 */
function lastWrites(tx: Db, { order, actor, terms, alsoQueue = [], alsoWrite }: Finishing, numberIf?: SQL) {
  // The number is the one-row counter's next (`last + 1`), updated as the order's last write: its
  // lock is held only until the commit (orders queue on it for that long, not for their whole
  // transaction), and a transaction that rolls back gives its number back, so numbers never
  // repeat and never skip (a sequence would skip).
  const counter = tx.$with('counter').as(
    tx
      .update(orderNumberCounter)
      .set({ last: sql`${orderNumberCounter.last} + 1` })
      .where(and(eq(orderNumberCounter.id, true), numberIf))
      .returning({ last: orderNumberCounter.last }),
  );
  const stamped = tx.$with('stamped').as(
    tx
      .update(orders)
      .set({ number: sql`(select last from counter)` })
      .where(eq(orders.id, order._id))
      .returning({ id: orders.id }),
  );
  const placed = tx.$with('placed_event').as(
    tx
      .insert(orderEvents)
      .values({
        orderId: order._id,
        kind: 'placed',
        actorId: actor.id,
        actorName: actorName(actor),
        detail: order.paymentMethod === 'account' ? 'On account (net 30)' : 'Waiting for card payment',
      })
      .returning({ id: orderEvents.id }),
  );
  const queued = tx
    .$with('queued')
    .as(
      renderedMailJobs(tx, [
        { render: ORDER_CONFIRMATION_MAIL, data: { orderId: order._id, publicUrl: terms.publicUrl } },
        ...alsoQueue,
      ]),
    );
  return {
    counter,
    writes: [counter, stamped, placed, queued, ...(alsoWrite?.(numberIf ?? sql`true`) ?? [])],
  };
}

/**
 * An order's last writes, after its stock is reserved and in the same transaction, in one
 * statement (lastWrites). Answers the order with its number.
 */
export async function finishOrder(
  tx: Db,
  order: Order,
  actor: OrderActor,
  terms: Pick<OrderTerms, 'publicUrl'>,
  alsoQueue: RenderedMail[] = [],
): Promise<Order> {
  const { counter, writes } = lastWrites(tx, { order, actor, terms, alsoQueue });
  const [row] = await tx
    .with(...writes)
    .select({ last: counter.last })
    .from(counter);
  if (!row) throw new Error('the order number counter has no row (migration 0013)');
  return { ...order, orderNumber: formatOrderNumber(row.last) };
}

/**
 * The checkout's reservation and the order's last writes in ONE statement: `reservation` takes the
 * stock (its rows locked until the commit) and `complete` says whether it took every line; only
 * then is the order numbered. Every statement between the reservation and the commit would keep
 * every other order of those parts waiting a round trip more, which on a part many want at once
 * is the whole cost of an order. Answers the order with its number, or null when the reservation
 * fell short: nothing is numbered, and the caller throws, which rolls back the rest.
 */
export async function reserveAndFinishOrder(
  tx: Db,
  reservation: { take: WithSubquery; complete: SQL },
  finishing: Finishing,
): Promise<Order | null> {
  const { counter, writes } = lastWrites(tx, finishing, reservation.complete);
  const [row] = await tx
    .with(reservation.take, ...writes)
    .select({ last: counter.last })
    .from(counter);
  return row ? { ...finishing.order, orderNumber: formatOrderNumber(row.last) } : null;
}

/**
 * The customer cancels an unpaid order of their own: it turns cancelled (with its time) and its
 * units go back on the shelf, in one transaction. The order row is locked first, so a payment,
 * the expiry job or a delete acting at the same moment either happens before (and this answers
 * accordingly) or finds the order cancelled. Cancelling a cancelled order again changes nothing.
 * A paid 1-Click order not yet shipped may be cancelled too (issue #28): it is refunded in full
 * through `refund`, as an admin's cancel refunds (cancelPaidOrder), and the customer mailed.
 */
export async function cancelOrder(
  db: Db,
  caller: SessionUser,
  orderId: string,
  options: {
    /** How a paid 1-Click order's money goes back (without it, a paid order is refused). */
    refund?: RefundStep;
    terms?: Pick<OrderTerms, 'publicUrl'>;
    /** The timeline's words for an unpaid order's cancel. */
    note?: string;
  } = {},
): Promise<{ order: Order; changed: boolean }> {
  const { refund, terms } = options;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
    if (!order || order.userId !== caller.id) throw new AppError('not_found', orderTexts.notFound);
    if (order.status === 'cancelled') {
      return { order: (await withLines(tx, [order]))[0] as Order, changed: false };
    }
    if (order.oneClick && order.status === 'partially_shipped') {
      throw new AppError('conflict', orderTexts.shippedCannotCancel('partly shipped'));
    }
    if (order.oneClick && order.status === 'paid' && order.paymentMethod === 'card' && refund && terms) {
      const { order: answer } = await cancelPaidOrder(tx, order, {
        refund,
        actor: caller,
        reason: 'customer',
        note: 'Cancelled by the customer (1-Click, refunded in full)',
        terms,
      });
      return { order: answer, changed: true };
    }
    // An order on account has not been paid for either, so until it ships the customer may drop it;
    // so may a buyer an order still waiting for their company's approval (its approval closes).
    if (order.status !== 'unpaid' && order.status !== 'on_account' && order.status !== 'awaiting_approval') {
      throw new AppError('conflict', orderTexts.paidCannotCancel);
    }
    if (order.status === 'awaiting_approval') await expireApprovals(tx, [orderId]);
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date(), cancelReason: 'customer', updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.status, order.status)))
      .returning();
    if (!cancelled) throw new Error('a locked unpaid order did not change');
    await recordOrderEvent(tx, orderId, 'cancelled', caller, options.note ?? 'Cancelled by the customer');
    // Nobody may pay it any more: its open intent is closed by a job queued with the cancel.
    await queueIntentCancels(tx, [orderId]);
    await releaseDiscountUses(tx, [orderId]);
    const lines = (await linesOf(tx, [orderId])).get(orderId) ?? [];
    await returnStock(tx, lines);
    return { order: toOrder(cancelled, lines), changed: true };
  });
}

/**
 * The expiry job's one step: cancels unpaid orders whose deadline has passed and returns their
 * stock, at most `limit` orders per transaction. The claim is one UPDATE over rows picked with
 * FOR UPDATE SKIP LOCKED and guarded by status = 'unpaid' again, so when several API processes
 * run this against one PostgreSQL at the same moment, each expired order is claimed by exactly one
 * of them (the others skip it while it is locked, and see it cancelled once committed), and its
 * stock comes back exactly once, in the same transaction as the claim. Answers the orders and the
 * parts whose stock came back.
 */
export async function expireUnpaidOrders(
  db: Db,
  limit = 200,
): Promise<{ orderIds: string[]; partIds: string[] }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const due = tx
      .select({ id: orders.id })
      .from(orders)
      // An order waiting for its company's approver holds its stock as an unpaid one does.
      .where(and(inArray(orders.status, ['unpaid', 'awaiting_approval']), lt(orders.expiresAt, sql`now()`)))
      .orderBy(asc(orders.expiresAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, cancelReason: 'expired', updatedAt: sql`now()` })
      .where(and(inArray(orders.id, due), inArray(orders.status, ['unpaid', 'awaiting_approval'])))
      .returning({ id: orders.id });
    const orderIds = claimed.map((c) => c.id);
    if (orderIds.length > 0) {
      const unapproved = await expireApprovals(tx, orderIds);
      await tx.insert(orderEvents).values(
        orderIds.map((orderId) => ({
          orderId,
          kind: 'cancelled' as const,
          actorName: actorName(SYSTEM),
          detail: unapproved.has(orderId)
            ? approvalsTexts.expiredEvent
            : 'Not paid in time; its parts went back on sale',
        })),
      );
    }
    const partIds = orderIds.length > 0 ? await releaseStock(tx, orderIds) : [];
    await queueIntentCancels(tx, orderIds);
    await releaseDiscountUses(tx, orderIds);
    return { orderIds, partIds };
  });
}

/** What a paid order's refund step answers: the provider's refund id. */
export type RefundStep = (tx: Db, order: OrderRow) => Promise<{ refundId: string }>;

/**
 * An admin cancels an order that has not left the shop: unpaid, on account, or paid — a paid card
 * order is refunded through `refund` first. One transaction of named steps: lock the order row →
 * refund (a failure throws and rolls everything back, so nothing changes) → mark it cancelled with
 * the time and the refund → return its stock. A second cancel (a double click, two admins at once)
 * waits for the lock, then finds the order cancelled and changes nothing: the money is refunded
 * once. The customer's mail is queued in the same transaction: a crash after the commit loses no
 * mail, and a cancel that rolls back sends none. `changed` tells the caller whether to wake the
 * job runner.
 */
export async function adminCancelOrder(
  db: Db,
  orderId: string,
  refund: RefundStep,
  admin: OrderActor,
  terms: Pick<OrderTerms, 'publicUrl'>,
  audit: AuditContext,
): Promise<{ order: Order; changed: boolean; refunded: boolean }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // Step 1: the order, locked against payments, the expiry job and another cancel.
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1).for('update');
    if (!order) throw new AppError('not_found', orderTexts.notFound);
    if (order.status === 'cancelled') {
      return { order: (await withLines(tx, [order]))[0] as Order, changed: false, refunded: false };
    }
    if (order.status === 'shipped' || order.status === 'delivered' || order.status === 'partially_shipped') {
      throw new AppError(
        'conflict',
        orderTexts.shippedCannotCancel(
          order.status === 'partially_shipped' ? 'partly shipped' : order.status,
        ),
      );
    }

    const {
      order: answer,
      refundId,
      refundedCents,
    } = await cancelPaidOrder(tx, order, {
      refund,
      actor: admin,
      reason: 'admin',
      note: 'Cancelled by the shop',
      terms,
    });
    await recordAudit(tx, audit, {
      action: 'order.cancel',
      recordType: 'order',
      recordId: orderRecordId(order),
      before: { status: order.status, refundedCents: order.refundedCents },
      after: {
        status: 'cancelled',
        refundedCents,
        ...(refundId ? { refundId } : {}),
      },
    });
    return { order: answer, changed: true, refunded: refundId !== undefined };
  });
}

/**
 * A cancel's steps after its order row is locked, for the shop's cancel and a customer's cancel of
 * a paid 1-Click order: refund a paid card order through `refund` (a failure throws and rolls
 * everything back) → mark it cancelled with the time, why and the refund → record the refund →
 * close an unpaid order's open intent → return its stock → queue the customer's mail.
 */
async function cancelPaidOrder(
  tx: Db,
  order: OrderRow,
  step: {
    refund: RefundStep;
    actor: OrderActor;
    reason: 'admin' | 'customer';
    note: string;
    terms: Pick<OrderTerms, 'publicUrl'>;
  },
): Promise<{ order: Order; refundId: string | undefined; refundedCents: number }> {
  const orderId = order.id;
  const { actor: admin, refund, terms } = step;
  // Step 2: money back for a card order that was paid. An order paid on account was settled by
  // invoice, outside any provider; the mail tells the customer it is credited back.
  const byCard = order.paymentMethod === 'card' && order.paidAt !== null;
  const refunded = byCard ? await refund(tx, order) : undefined;

  // Step 3: cancelled, with when and why (and when refunded).
  const now = new Date();
  const [cancelled] = await tx
    .update(orders)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      cancelReason: step.reason,
      updatedAt: now,
      ...(refunded
        ? {
            refundedAt: now,
            refundId: refunded.refundId,
            refundedCents: order.totalCents - order.refundedCents,
          }
        : {}),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, order.status)))
    .returning();
  if (!cancelled) throw new Error('a locked order changed under its lock');
  await recordOrderEvent(tx, orderId, 'cancelled', admin, step.note);
  // Its discount code's use is given back.
  await releaseDiscountUses(tx, [orderId]);
  if (refunded && order.totalCents - order.refundedCents > 0) {
    await tx.insert(refunds).values({
      orderId,
      method: 'card',
      amountCents: order.totalCents - order.refundedCents,
      taxCents: order.taxCents,
      providerRefundId: refunded.refundId,
      createdBy: admin.id,
    });
    await recordOrderEvent(
      tx,
      orderId,
      'refunded',
      admin,
      `${formatDollars(centsToDollars(order.totalCents - order.refundedCents))} to the card (${refunded.refundId})`,
    );
  }

  // Step 4: an unpaid card order's open intent is closed (a job queued in this transaction).
  if (!byCard) await queueIntentCancels(tx, [orderId]);

  // Step 5: its units back on the shelf.
  const lines = (await linesOf(tx, [orderId])).get(orderId) ?? [];
  await returnStock(tx, lines);
  const answer = toOrder(cancelled, lines);

  // Step 6: the customer's mail, with the cancel.
  await enqueueMail(tx, orderCancellationMail(answer, terms.publicUrl));
  return { order: answer, refundId: refunded?.refundId, refundedCents: cancelled.refundedCents };
}

/**
 * An admin records that an on-account order's invoice was paid: `paid_at` takes the time, and an
 * order not yet shipped turns paid (a shipped or delivered one keeps its status). Marking it again
 * changes nothing; a card order or a cancelled one is refused.
 */
export async function markOrderPaidOnAccount(
  db: Db,
  orderId: string,
  admin: OrderActor,
  audit: AuditContext,
): Promise<Order> {
  return db.transaction(async (transaction) =>
    markPaidIn(transaction as unknown as Db, orderId, admin, audit),
  );
}

async function markPaidIn(db: Db, orderId: string, admin: OrderActor, audit: AuditContext): Promise<Order> {
  const now = new Date();
  const [row] = await db
    .update(orders)
    .set({
      paidAt: now,
      updatedAt: now,
      status: sql`case when ${orders.status} = 'on_account' then 'paid' else ${orders.status} end`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentMethod, 'account'),
        isNull(orders.paidAt),
        ne(orders.status, 'cancelled'),
      ),
    )
    .returning();
  if (row) {
    await recordOrderEvent(db, orderId, 'marked_paid', admin, 'Invoice paid');
    await recordAudit(db, audit, {
      action: 'order.mark_paid',
      recordType: 'order',
      recordId: orderRecordId(row),
      // An on-account order turns paid; a shipped one keeps its status and only gains paid_at.
      before: { paid: false, status: row.status === 'paid' ? 'on_account' : row.status },
      after: { paid: true, status: row.status },
    });
    return (await withLines(db, [row]))[0] as Order;
  }
  const [existing] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!existing) throw new AppError('not_found', orderTexts.notFound);
  if (existing.paymentMethod !== 'account') throw new AppError('conflict', orderTexts.markPaidOnlyOnAccount);
  if (existing.status === 'cancelled') throw new AppError('conflict', orderTexts.markPaidCancelled);
  return (await withLines(db, [existing]))[0] as Order;
}

/**
 * What a customer owes on account: their on-account orders not yet paid nor cancelled, less what
 * returns credited back on them (refunded_cents), in cents.
 */
export async function outstandingOnAccountCents(tx: Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${orders.totalCents} - ${orders.refundedCents}), 0)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, 'account'),
        isNull(orders.paidAt),
        ne(orders.status, 'cancelled'),
      ),
    );
  return row?.cents ?? 0;
}
