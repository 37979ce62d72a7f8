import type { MutationKey, QueryClient, QueryKey, UseMutationOptions } from '@tanstack/react-query';

/** How a cached list answer holds its rows: a plain array, or a page that also counts them. */
export interface ListShape<TData, TRow> {
  rows: (data: TData) => readonly TRow[];
  /** The answer with these rows; `change` is -1 when one was taken out, +1 when it came back. */
  withRows: (data: TData, rows: TRow[], change: -1 | 1) => TData;
}

/** A list answer that is the array of rows itself. */
export function arrayShape<TRow>(): ListShape<TRow[], TRow> {
  return { rows: (data) => data, withRows: (_data, rows) => rows };
}

export interface OptimisticRemovalConfig<TRow extends { _id: string }, TResult, TData> {
  /** Shared by every removal of this kind, so a settling one can tell whether others still run. */
  mutationKey: MutationKey;
  remove: (row: TRow) => Promise<TResult>;
  /** The cached list answers the row is taken out of (every query under this key). */
  queryKey: QueryKey;
  shape: ListShape<TData, TRow>;
  /** What is refetched once the last removal settles; the lists under `queryKey` unless told. */
  invalidateKey?: QueryKey;
}

/** Where the row was in each answer it was taken out of, to put it back there. */
export interface RemovalContext<TRow> {
  row: TRow;
  takenFrom: { key: QueryKey; index: number }[];
}

/**
 * A delete that takes its row off the screen at once (spec §4: without waiting for the
 * server). A failure puts back only that row, where it was, so removals running side by side
 * don't bring each other's rows back; the lists are refetched once the last one settles,
 * because a refetch landing between two removals would show a row that is already going.
 */
export function optimisticRemoval<TRow extends { _id: string }, TResult, TData>(
  queryClient: QueryClient,
  {
    mutationKey,
    remove,
    queryKey,
    shape,
    invalidateKey = queryKey,
  }: OptimisticRemovalConfig<TRow, TResult, TData>,
): UseMutationOptions<TResult, Error, TRow, RemovalContext<TRow>> {
  const indexIn = (data: TData, id: string) => shape.rows(data).findIndex((r) => r._id === id);
  return {
    mutationKey,
    mutationFn: remove,
    onMutate: async (row) => {
      await queryClient.cancelQueries({ queryKey });
      const takenFrom: RemovalContext<TRow>['takenFrom'] = [];
      for (const [key, data] of queryClient.getQueriesData<TData>({ queryKey })) {
        const index = data === undefined ? -1 : indexIn(data, row._id);
        if (data === undefined || index < 0) continue;
        takenFrom.push({ key, index });
        const rows = shape.rows(data).filter((r) => r._id !== row._id);
        queryClient.setQueryData<TData>(key, shape.withRows(data, rows, -1));
      }
      return { row, takenFrom };
    },
    onError: (_error, _row, context) => {
      if (!context) return;
      const { row, takenFrom } = context;
      for (const { key, index } of takenFrom) {
        queryClient.setQueryData<TData>(key, (data) => {
          // A refetch may have brought it back already.
          if (data === undefined || indexIn(data, row._id) >= 0) return data;
          const rows = [...shape.rows(data)];
          rows.splice(Math.min(index, rows.length), 0, row);
          return shape.withRows(data, rows, 1);
        });
      }
    },
    onSettled: () => {
      // This mutation still counts as running here: refetch only when it is the last one.
      if (queryClient.isMutating({ mutationKey }) === 1) {
        return queryClient.invalidateQueries({ queryKey: invalidateKey });
      }
      return undefined;
    },
  };
}
