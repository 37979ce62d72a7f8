import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { expireUnpaidOrders } from './service.js';

const BATCH = 200;

export interface OrderExpiryJob {
  /** Cancels every unpaid order past its deadline now; the ids this process cancelled. */
  runOnce(): Promise<string[]>;
  /** No new run starts; resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Inside the server, every `intervalMs`: cancel unpaid orders past their deadline and return their
 * stock. Every API process runs it; `expireUnpaidOrders` makes sure each order is claimed by one of
 * them only. Runs never overlap within a process (the next is scheduled when one ends), and a
 * failing run is logged and retried at the next tick.
 */
export function startOrderExpiry(opts: {
  db: Db;
  intervalMs: number;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Called after a run that cancelled orders, with the parts whose stock came back. */
  onExpired?: (orderIds: string[], partIds: string[]) => void;
}): OrderExpiryJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<string[]> | undefined;
  let stopped = false;

  const sweep = async (): Promise<string[]> => {
    const all: string[] = [];
    const restocked = new Set<string>();
    for (;;) {
      const { orderIds, partIds } = await expireUnpaidOrders(opts.db, BATCH);
      all.push(...orderIds);
      for (const id of partIds) restocked.add(id);
      if (orderIds.length < BATCH) break;
    }
    if (all.length) {
      opts.log.info({ orderIds: all }, `Cancelled ${all.length} unpaid orders past their deadline`);
      opts.onExpired?.(all, [...restocked]);
    }
    return all;
  };

  const runOnce = (): Promise<string[]> => {
    running ??= sweep().finally(() => {
      running = undefined;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((err: unknown) => opts.log.error({ err }, 'order expiry run failed'))
        .finally(schedule);
    }, opts.intervalMs);
    // The job never keeps a process alive on its own.
    timer.unref();
  };
  schedule();

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
