import { AllOrders } from '@/features/orders/components/all-orders';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/allorders (admins only, here and on the server). */
export function AllOrdersRoute() {
  useDocumentMeta('All Orders', 'All Orders — Pitstop Parts dashboard.');
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">All Orders</h1>
      <AllOrders />
    </div>
  );
}
