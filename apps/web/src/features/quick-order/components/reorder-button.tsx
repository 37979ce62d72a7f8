import { quickOrderTexts as t } from '@pitstop/core/quick-order-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice } from '@/components/ui/notice';
import { problemText } from '@/lib/error-text';
import { useReorder } from '../api/quick-order';
import { CartResult } from './cart-result';

/** The order page's "Reorder": the order's parts still sold go into the cart; the others are listed. */
export function ReorderButton({ orderNumber }: { orderNumber: string }) {
  const reorder = useReorder();
  return (
    <section aria-label={t.reorder} className="flex flex-col items-start gap-3">
      <button
        type="button"
        className={buttonStyles('secondary', 'md')}
        aria-label={t.reorderLabel(orderNumber)}
        disabled={reorder.isPending}
        onClick={() => reorder.mutate(orderNumber)}
      >
        {reorder.isPending ? t.reordering : t.reorder}
      </button>
      <div role="status" className="w-full">
        {reorder.data ? (
          <CartResult
            result={reorder.data}
            addedText={
              reorder.data.added.length > 0 ? t.reorderAdded(reorder.data.added.length) : t.reorderNoLines
            }
          />
        ) : null}
      </div>
      <ErrorNotice message={reorder.isError ? problemText(reorder.error, t.reorderFailed) : null} />
    </section>
  );
}
