import { deliveryTexts } from '@pitstop/core/delivery-texts';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useDeliverySettings } from '@/features/delivery/api/get-delivery-settings';
import { DeliverySettingsForm } from '@/features/delivery/components/delivery-settings-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** /dashboard/settings (admins only, here and on the server): the delivery promise's settings. */
export function SettingsRoute() {
  useDocumentMeta(deliveryTexts.settingsHeading, deliveryTexts.settingsLead);
  const query = useDeliverySettings();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {deliveryTexts.settingsHeading}
        </h1>
        <p className="text-slate-700">{deliveryTexts.settingsLead}</p>
      </div>
      {query.isPending ? (
        <Spinner label="Loading the settings" className="py-10" />
      ) : query.isError ? (
        <QueryError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <DeliverySettingsForm settings={query.data.settings} />
      )}
    </div>
  );
}
