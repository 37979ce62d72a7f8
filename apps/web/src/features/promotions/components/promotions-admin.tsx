import { useState } from 'react';
import { CATEGORY_LABELS, type Category } from '@pitstop/core/catalogue';
import { messages } from '@pitstop/core/messages';
import { formatDollars } from '@pitstop/core/money';
import { promotionsTexts, type Promotion } from '@pitstop/core/promotions';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { cellClass, ColumnHead, TableBox } from '@/components/ui/table';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { usePromotions, useSetPromotionActive } from '../api/promotions-api';
import { PromotionForm } from './promotion-form';

/** Whether a code can be used now, in a word. */
function statusOf(p: Promotion, now: number): string {
  if (!p.active) return promotionsTexts.statusInactive;
  if (Date.parse(p.startsAt) > now) return promotionsTexts.statusScheduled;
  if (p.endsAt && Date.parse(p.endsAt) <= now) return promotionsTexts.statusEnded;
  if (p.totalLimit !== null && p.uses >= p.totalLimit) return promotionsTexts.statusUsedUp;
  return promotionsTexts.statusActive;
}

function offer(p: Promotion): string {
  const off =
    p.kind === 'percent'
      ? promotionsTexts.offPercent(p.percentOff ?? 0)
      : promotionsTexts.offAmount(formatDollars(p.amountOff ?? 0));
  return p.minOrder > 0 ? `${off}, ${promotionsTexts.minimumShort(formatDollars(p.minOrder))}` : off;
}

function scope(p: Promotion): string {
  const names = [...p.brands, ...p.categories.map((c) => CATEGORY_LABELS[c as Category] ?? c)];
  return names.length === 0 ? promotionsTexts.scopeWholeOrder : names.join(', ');
}

/** Admin → Promotions: the form (new code, or the one picked) above the list with uses and revenue. */
export function PromotionsAdmin() {
  const promotions = usePromotions();
  const activation = useSetPromotionActive();
  const [editing, setEditing] = useState<Promotion | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saves, setSaves] = useState(0);
  const [now] = useState(() => Date.now());

  function saved(p: Promotion, was: Promotion | undefined) {
    setError(null);
    setNotice(was ? promotionsTexts.saved(p.code) : promotionsTexts.added(p.code));
    setEditing(null);
    setSaves((n) => n + 1);
  }

  function toggle(p: Promotion) {
    setNotice(null);
    setError(null);
    activation.mutate(
      { promotion: p, active: !p.active },
      {
        onSuccess: (after) =>
          setNotice(
            after.active ? promotionsTexts.activated(after.code) : promotionsTexts.deactivated(after.code),
          ),
        onError: (e) =>
          setError(
            isApiError(e) && e.status === 403
              ? messages.forbidden
              : problemText(e, promotionsTexts.saveFailed),
          ),
      },
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PromotionForm
        key={`${editing?._id ?? 'new'}-${saves}`}
        {...(editing ? { promotion: editing, onCancel: () => setEditing(null) } : {})}
        onSaved={saved}
      />
      <StatusNotice message={notice} />
      <ErrorNotice message={error} />
      {promotions.isPending ? (
        <Spinner label={promotionsTexts.loading} className="py-10" />
      ) : promotions.isError ? (
        <QueryError onRetry={() => void promotions.refetch()} retrying={promotions.isFetching} />
      ) : promotions.data.items.length === 0 ? (
        <p className="text-slate-700">{promotionsTexts.empty}</p>
      ) : (
        <TableBox
          caption={promotionsTexts.heading}
          minWidth="min-w-[56rem]"
          head={
            <>
              <ColumnHead>{promotionsTexts.code}</ColumnHead>
              <ColumnHead>{promotionsTexts.offer}</ColumnHead>
              <ColumnHead>{promotionsTexts.scope}</ColumnHead>
              <ColumnHead>{promotionsTexts.status}</ColumnHead>
              <ColumnHead align="right">{promotionsTexts.uses}</ColumnHead>
              <ColumnHead align="right">{promotionsTexts.revenue}</ColumnHead>
              <ColumnHead>{promotionsTexts.actions}</ColumnHead>
            </>
          }
        >
          {promotions.data.items.map((p) => (
            <tr key={p._id}>
              <th scope="row" className={`${cellClass} font-mono font-semibold`}>
                {p.code}
              </th>
              <td className={cellClass}>{offer(p)}</td>
              <td className={cellClass}>{scope(p)}</td>
              <td className={cellClass}>{statusOf(p, now)}</td>
              <td className={`${cellClass} text-right tabular-nums`}>
                {promotionsTexts.limitOf(p.uses, p.totalLimit)}
              </td>
              <td className={`${cellClass} text-right tabular-nums`}>{formatDollars(p.revenue)}</td>
              <td className={cellClass}>
                <div className="flex gap-2">
                  <button
                    type="button"
                    aria-label={promotionsTexts.edit(p.code)}
                    className={buttonStyles('secondary', 'sm')}
                    onClick={() => {
                      setNotice(null);
                      setError(null);
                      setEditing(p);
                    }}
                  >
                    {promotionsTexts.editButton}
                  </button>
                  <button
                    type="button"
                    aria-label={
                      p.active
                        ? promotionsTexts.deactivateLabel(p.code)
                        : promotionsTexts.activateLabel(p.code)
                    }
                    className={buttonStyles('secondary', 'sm')}
                    disabled={activation.isPending && activation.variables?.promotion._id === p._id}
                    onClick={() => toggle(p)}
                  >
                    {p.active ? promotionsTexts.deactivate : promotionsTexts.activate}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </TableBox>
      )}
    </div>
  );
}
