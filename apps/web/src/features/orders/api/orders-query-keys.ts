import type { OrderStatus } from '@pitstop/core/orders';

/** The filters and page of the admin's All Orders list (GET /api/order). */
export interface AdminOrdersParams {
  status?: OrderStatus | undefined;
  email?: string | undefined;
  /** An order number, "PS-10482" or "10482". */
  number?: string | undefined;
  /** Part of a company's purchase order number. */
  po?: string | undefined;
  limit: number;
  offset: number;
}

/** The one place orders query keys are spelled, so invalidations always match the queries. */
export const ordersKeys = {
  all: ['orders'] as const,
  lists: () => [...ordersKeys.all, 'list'] as const,
  /** One customer's orders (GET /api/order/:email). */
  mine: (email: string) => [...ordersKeys.lists(), 'customer', email] as const,
  /** Every page of the admin's list. */
  adminLists: () => [...ordersKeys.lists(), 'admin'] as const,
  admin: (params: AdminOrdersParams) => [...ordersKeys.adminLists(), params] as const,
  /** Every order page (GET /api/orders/:number). */
  details: () => [...ordersKeys.all, 'detail'] as const,
  /** One order's page, by its number as shown ("PS-10482"). */
  detail: (orderNumber: string) => [...ordersKeys.details(), orderNumber] as const,
};

/** Shared by every delete, so a settling delete can tell whether others are still running. */
export const deleteOrderMutationKey = [...ordersKeys.all, 'delete'] as const;
