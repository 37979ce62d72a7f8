import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { arrayShape, optimisticRemoval, type ListShape } from './optimistic-removal';

interface Row {
  _id: string;
}
interface Page {
  rows: Row[];
  total: number;
}

const pageShape: ListShape<Page, Row> = {
  rows: (page) => page.rows,
  withRows: (page, rows, change) => ({ ...page, rows, total: page.total + change }),
};

const rows = (...ids: string[]): Row[] => ids.map((_id) => ({ _id }));
const ids = (list: readonly Row[] | undefined) => list?.map((r) => r._id);

/** A removal the test settles by hand, one promise per row. */
function manualRemove() {
  const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  const remove = vi.fn(
    (row: Row) => new Promise<void>((resolve, reject) => pending.set(row._id, { resolve, reject })),
  );
  return { remove, settle: (id: string) => pending.get(id)!, started: () => pending.size };
}

function setup<TData>(shape: ListShape<TData, Row>, seed: [readonly unknown[], TData][]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const [key, data] of seed) queryClient.setQueryData(key, data);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const { remove, settle, started } = manualRemove();
  const options = optimisticRemoval(queryClient, {
    mutationKey: ['rows', 'delete'],
    remove,
    queryKey: ['rows', 'list'],
    shape,
    invalidateKey: ['rows'],
  });
  /** Starts a removal the way a click does, and waits until it has reached the server. */
  async function start(id: string) {
    const before = started();
    new MutationObserver(queryClient, options).mutate({ _id: id }).catch(() => {});
    await vi.waitFor(() => expect(started()).toBe(before + 1));
  }
  return { queryClient, invalidate, settle, start };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('optimisticRemoval', () => {
  it('takes the row out at once and puts it back where it was when the server refuses', async () => {
    const { queryClient, settle, start } = setup(arrayShape<Row>(), [
      [['rows', 'list'], rows('a', 'b', 'c')],
    ]);
    await start('b');
    expect(ids(queryClient.getQueryData(['rows', 'list']))).toEqual(['a', 'c']);
    settle('b').reject(new Error('409'));
    await flush();
    expect(ids(queryClient.getQueryData(['rows', 'list']))).toEqual(['a', 'b', 'c']);
  });

  it('puts back only the refused row, not one another removal took out meanwhile', async () => {
    const { queryClient, settle, start } = setup(arrayShape<Row>(), [
      [['rows', 'list'], rows('a', 'b', 'c')],
    ]);
    await start('a');
    await start('c');
    settle('a').reject(new Error('409'));
    await flush();
    expect(ids(queryClient.getQueryData(['rows', 'list']))).toEqual(['a', 'b']);
  });

  it('counts the rows of every page under the key it was on, and only those', async () => {
    const { queryClient, settle, start } = setup(pageShape, [
      [['rows', 'list', { page: 1 }], { rows: rows('a', 'b'), total: 4 }],
      [['rows', 'list', { page: 2 }], { rows: rows('c', 'd'), total: 4 }],
    ]);
    await start('c');
    expect(queryClient.getQueryData(['rows', 'list', { page: 1 }])).toEqual({
      rows: rows('a', 'b'),
      total: 4,
    });
    expect(queryClient.getQueryData(['rows', 'list', { page: 2 }])).toEqual({ rows: rows('d'), total: 3 });
    settle('c').reject(new Error('409'));
    await flush();
    expect(queryClient.getQueryData(['rows', 'list', { page: 2 }])).toEqual({
      rows: rows('c', 'd'),
      total: 4,
    });
  });

  it('refetches once, when the last of the removals running side by side settles', async () => {
    const { invalidate, settle, start } = setup(arrayShape<Row>(), [[['rows', 'list'], rows('a', 'b')]]);
    await start('a');
    await start('b');
    settle('a').resolve();
    await flush();
    expect(invalidate).not.toHaveBeenCalled();
    settle('b').resolve();
    await flush();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['rows'] });
  });
});
