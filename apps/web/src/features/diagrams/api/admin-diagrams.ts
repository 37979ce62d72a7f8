import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  diagramsApi,
  type AssemblyDetail,
  type AssemblyInput,
  type AssemblySummary,
  type CalloutInput,
  type CalloutMove,
  type DiagramPictureUpload,
  type DiagramsImportResult,
} from '@pitstop/core/diagrams';
import {
  apiBlob,
  apiDelete,
  apiGet,
  apiPatch,
  apiPost,
  apiPut,
  apiRequest,
  uploadWithProgress,
} from '@/lib/api-client';
import { clientPath, diagramsKeys } from './diagrams-query-keys';

export interface AdminDiagramsFilter {
  make?: string;
  model?: string;
  year?: number;
}

/** GET /api/admin/diagrams: every assembly (or one bike's), for the admin's list. */
export function useAdminAssemblies(filter: AdminDiagramsFilter) {
  return useQuery({
    queryKey: diagramsKeys.adminList(filter),
    queryFn: ({ signal }) =>
      apiGet<AssemblySummary[]>(clientPath(diagramsApi.adminList), { signal, params: { ...filter } }),
  });
}

export function getAdminAssemblyQueryOptions(id: string) {
  return queryOptions({
    queryKey: diagramsKeys.adminAssembly(id),
    queryFn: ({ signal }) => apiGet<AssemblyDetail>(clientPath(diagramsApi.adminAssembly(id)), { signal }),
  });
}

/** GET /api/admin/diagrams/:id: the assembly with its callouts, to edit. */
export function useAdminAssembly(id: string | undefined) {
  return useQuery({ ...getAdminAssemblyQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/**
 * After any write: the answer is the assembly as stored, so the editor shows it at once; every
 * other diagrams read (lists, the rider's pages) is stale.
 */
function useStoreAssembly() {
  const queryClient = useQueryClient();
  return async (assembly: AssemblyDetail) => {
    queryClient.setQueryData(diagramsKeys.adminAssembly(assembly.id), assembly);
    await queryClient.invalidateQueries({
      queryKey: diagramsKeys.all,
      predicate: (q) => q.queryKey.at(-1) !== assembly.id,
    });
  };
}

/** POST /api/admin/diagrams (no id) or PUT /api/admin/diagrams/:id. */
export function useSaveAssembly(id: string | undefined) {
  const store = useStoreAssembly();
  return useMutation({
    mutationFn: (input: AssemblyInput) =>
      id
        ? apiPut<AssemblyDetail>(clientPath(diagramsApi.adminAssembly(id)), input)
        : apiPost<AssemblyDetail>(clientPath(diagramsApi.adminCreate), input),
    onSuccess: store,
  });
}

/** DELETE /api/admin/diagrams/:id */
export function useDeleteAssembly() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<void>(clientPath(diagramsApi.adminAssembly(id))),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: diagramsKeys.all }),
  });
}

/** POST /api/admin/diagrams/pictures: PNG, WebP or SVG → the stored picture's address and size. */
export async function uploadDiagramPicture(file: File): Promise<DiagramPictureUpload> {
  const body = new FormData();
  body.append('image', file);
  const { data } = await uploadWithProgress<DiagramPictureUpload>(clientPath(diagramsApi.adminPicture), {
    body,
  });
  return data;
}

export type CalloutChange =
  | { kind: 'add'; input: CalloutInput }
  | { kind: 'replace'; calloutId: string; input: CalloutInput }
  | { kind: 'move'; calloutId: string; move: CalloutMove }
  | { kind: 'delete'; calloutId: string };

/** The callouts' writes (add, replace, move, delete); each answers the whole assembly. */
export function useChangeCallout(assemblyId: string) {
  const store = useStoreAssembly();
  return useMutation({
    mutationFn: (change: CalloutChange): Promise<AssemblyDetail> => {
      switch (change.kind) {
        case 'add':
          return apiPost(clientPath(diagramsApi.adminCallouts(assemblyId)), change.input);
        case 'replace':
          return apiPut(clientPath(diagramsApi.adminCallout(assemblyId, change.calloutId)), change.input);
        case 'move':
          return apiPatch(clientPath(diagramsApi.adminCallout(assemblyId, change.calloutId)), change.move);
        case 'delete':
          return apiDelete(clientPath(diagramsApi.adminCallout(assemblyId, change.calloutId)));
      }
    },
    onSuccess: store,
  });
}

/** GET /api/admin/diagrams/export as a download (JSON or CSV). */
export function exportDiagrams(format: 'json' | 'csv', filter: AdminDiagramsFilter) {
  return apiBlob(clientPath(diagramsApi.adminExport), { params: { ...filter, format } });
}

/** A CSV file (by its name or type); anything else is sent as JSON. */
export const isCsv = (file: File) => /\.csv$/i.test(file.name) || file.type === 'text/csv';

/** POST /api/admin/diagrams/import: the file as it is, typed by its name (.csv or .json). */
export function useImportDiagrams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new Blob([await file.text()], { type: isCsv(file) ? 'text/csv' : 'application/json' });
      const { data } = await apiRequest<DiagramsImportResult>(clientPath(diagramsApi.adminImport), {
        method: 'POST',
        body,
      });
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: diagramsKeys.all }),
  });
}
