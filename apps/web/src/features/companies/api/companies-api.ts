import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCompanies,
  AdminCompany,
  AdminCompanyInput,
  Company,
  CompanyInput,
  CompanyOrders,
  CompanyUpdate,
  Invitation,
  InvitationInput,
  InvitationPreview,
  MemberChange,
  MyCompany,
} from '@pitstop/core/companies';
import type { DeliveryAddress } from '@pitstop/core/delivery-address';
import { apiDelete, apiGet, apiPatch, apiPost } from '@/lib/api-client';

/** The one place the companies feature's query keys are spelled. */
export const companyKeys = {
  all: ['company'] as const,
  mine: () => [...companyKeys.all, 'mine'] as const,
  orders: () => [...companyKeys.all, 'orders'] as const,
  invitation: (token: string) => [...companyKeys.all, 'invitation', token] as const,
  admin: () => [...companyKeys.all, 'admin'] as const,
};

export function myCompanyQueryOptions() {
  return queryOptions({
    queryKey: companyKeys.mine(),
    queryFn: ({ signal }) => apiGet<MyCompany>('/company', { signal }),
    // Members, limits and the credit line move with others' actions: ask again when shown.
    staleTime: 0,
  });
}

export const useMyCompany = () => useQuery(myCompanyQueryOptions());

export function useCompanyOrders(enabled: boolean) {
  return useQuery({
    queryKey: companyKeys.orders(),
    queryFn: ({ signal }) => apiGet<CompanyOrders>('/company/orders', { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: companyKeys.invitation(token),
    queryFn: ({ signal }) =>
      apiGet<InvitationPreview>(`/company/invitations/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
}

export function useAdminCompanies() {
  return useQuery({
    queryKey: companyKeys.admin(),
    queryFn: ({ signal }) => apiGet<AdminCompanies>('/admin/companies', { signal }),
  });
}

/** A mutation whose answer is the caller's company: it becomes the cached one. */
function useCompanyMutation<TInput>(send: (input: TInput) => Promise<Company>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (company) => {
      queryClient.setQueryData<MyCompany>(companyKeys.mine(), { company });
      void queryClient.invalidateQueries({ queryKey: ['credit'] });
    },
  });
}

export const useCreateCompany = () =>
  useCompanyMutation((input: CompanyInput) => apiPost<Company>('/company', input));

export const useUpdateCompany = () =>
  useCompanyMutation((input: CompanyUpdate) => apiPatch<Company>('/company', input));

export const useAcceptInvitation = (token: string) =>
  useCompanyMutation(() => apiPost<Company>(`/company/invitations/${encodeURIComponent(token)}/accept`));

export const useChangeMember = () =>
  useCompanyMutation(({ userId, change }: { userId: string; change: MemberChange }) =>
    apiPatch<Company>(`/company/members/${encodeURIComponent(userId)}`, change),
  );

export const useAddCompanyAddress = () =>
  useCompanyMutation((address: DeliveryAddress) => apiPost<Company>('/company/addresses', address));

export const useRemoveCompanyAddress = () =>
  useCompanyMutation((id: string) => apiDelete<Company>(`/company/addresses/${id}`));

/** A change answered with no body: the company is read again. */
function useRefetchingMutation<TInput, TAnswer>(send: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.mine() }),
  });
}

export const useInviteMember = () =>
  useRefetchingMutation((input: InvitationInput) => apiPost<Invitation>('/company/invitations', input));

export const useRevokeInvitation = () =>
  useRefetchingMutation((id: string) => apiDelete<null>(`/company/invitations/${id}`));

export const useRemoveMember = () =>
  useRefetchingMutation((userId: string) =>
    apiDelete<null>(`/company/members/${encodeURIComponent(userId)}`),
  );

export function useAdminCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminCompanyInput) => apiPost<AdminCompany>('/admin/companies', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.admin() }),
  });
}
