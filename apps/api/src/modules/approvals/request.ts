import type { Order } from '@pitstop/core/orders';
import type { Db } from '../../db/client.js';
import type { Buyer } from '../companies/membership.js';

/**
 * Records that a buyer's order waits for an approver and mails the company's approvers, in the
 * order's transaction. OWNER: approvals (issue #30 item 2). Until built: nothing.
 */
export async function requestApproval(_tx: Db, _order: Order, _buyer: Buyer): Promise<void> {}
