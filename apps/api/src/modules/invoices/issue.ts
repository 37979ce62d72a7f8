import type { Db } from '../../db/client.js';

/**
 * Gives a placed order its invoice (number gapless per year), in the order's transaction.
 * OWNER: invoices (issue #30 item 7). Until built: nothing.
 */
export async function issueInvoice(_tx: Db, _orderId: string): Promise<void> {}
