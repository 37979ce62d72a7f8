import { useEffect, useId, useRef, useState } from 'react';
import { formatDollars } from '@pitstop/core/money';
import type { Return } from '@pitstop/core/order-detail';
import { returnActionTexts } from '@pitstop/core/return-texts';
import { DECLINE_REASON_MAX, DeclineReturnSchema, returnTexts } from '@pitstop/core/returns';
import { buttonStyles } from '@/components/ui/button-styles';
import { inputClass } from '@/components/ui/form-field';
import { problemText } from '@/lib/error-text';
import { useReturnAction } from '../api/decide-return';

interface ReturnActionsProps {
  item: Pick<Return, 'id' | 'label' | 'status' | 'refund'>;
  /** Told what happened, to announce it where the person is looking (a live region above). */
  onDone: (message: string) => void;
  /** What else shows the return and must be refreshed (the admin's order page). */
  onChanged?: () => void;
}

type Step = 'choose' | 'decline' | 'receive';

/**
 * An admin's actions on one return: a requested one is approved, or declined with a reason asked
 * for here; an approved one is marked received, saying whether its parts go back on sale, which
 * refunds it. Used on the Returns queue and on the admin's order page. Nothing shows for a return
 * that has nothing left to decide.
 */
export function ReturnActions({ item, onDone, onChanged }: ReturnActionsProps) {
  const id = useId();
  const [step, setStep] = useState<Step>('choose');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const action = useReturnAction(onChanged);
  const opener = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLTextAreaElement & HTMLInputElement>(null);

  // Focus follows the step: into the field it asks for, and back to the button that opened it.
  useEffect(() => {
    if (step === 'choose') return;
    firstField.current?.focus();
  }, [step]);

  if (item.status !== 'requested' && item.status !== 'approved') return null;
  const refund = formatDollars(item.refund ?? 0);

  function back() {
    setStep('choose');
    setError(null);
    requestAnimationFrame(() => opener.current?.focus());
  }

  function run(kind: 'approve' | 'decline' | 'receive') {
    setError(null);
    if (kind === 'decline') {
      const parsed = DeclineReturnSchema.safeParse({ reason });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? returnTexts.declineReasonRequired);
        firstField.current?.focus();
        return;
      }
    }
    if (kind === 'receive' && restock === null) {
      setError(returnTexts.restockRequired);
      firstField.current?.focus();
      return;
    }
    action.mutate(
      {
        id: item.id,
        action:
          kind === 'decline'
            ? { kind, reason: reason.trim() }
            : kind === 'receive'
              ? { kind, restock: restock === true }
              : { kind },
      },
      {
        onSuccess: (done) => {
          setStep('choose');
          onDone(
            kind === 'approve'
              ? returnActionTexts.approved(done.label)
              : kind === 'decline'
                ? returnActionTexts.declined(done.label)
                : returnActionTexts.received(done.label, formatDollars(done.refund ?? 0)),
          );
        },
        onError: (err) => setError(problemText(err, returnActionTexts.failed)),
      },
    );
  }

  const errorLine = error ? (
    <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
  const busy = action.isPending;

  if (step === 'decline') {
    return (
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-slate-800">
          {returnActionTexts.declineReason(item.label)}
        </label>
        <textarea
          id={`${id}-reason`}
          ref={firstField}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={3}
          maxLength={DECLINE_REASON_MAX}
          aria-invalid={error !== null}
          aria-describedby={`${id}-reason-hint${error ? ` ${id}-error` : ''}`}
          className={`${inputClass} resize-y`}
        />
        <p id={`${id}-reason-hint`} className="text-sm text-slate-600">
          {returnActionTexts.declineReasonHint}
        </p>
        {errorLine}
        <ConfirmOrBack
          busy={busy}
          label={returnActionTexts.declineConfirm}
          onConfirm={() => run('decline')}
          onBack={back}
        />
      </div>
    );
  }

  if (step === 'receive') {
    return (
      <div className="flex flex-col gap-2">
        <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="mb-1 text-sm font-semibold text-slate-800">
            {returnActionTexts.restockLegend(item.label)}
          </legend>
          {([true, false] as const).map((value) => (
            <label
              key={String(value)}
              className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 has-[:checked]:border-red-700"
            >
              <input
                ref={value ? firstField : undefined}
                type="radio"
                name={`${id}-restock`}
                checked={restock === value}
                onChange={() => setRestock(value)}
              />
              {value ? returnActionTexts.restockYes : returnActionTexts.restockNo}
            </label>
          ))}
        </fieldset>
        {errorLine}
        <ConfirmOrBack
          busy={busy}
          label={returnActionTexts.receiveConfirm(refund)}
          onConfirm={() => run('receive')}
          onBack={back}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        {item.status === 'requested' ? (
          <>
            <button
              type="button"
              className={buttonStyles('primary', 'md', 'whitespace-nowrap')}
              aria-label={returnActionTexts.approveLabel(item.label)}
              disabled={busy}
              onClick={() => run('approve')}
            >
              {busy ? returnActionTexts.working : returnActionTexts.approve}
            </button>
            <button
              ref={opener}
              type="button"
              className={buttonStyles('secondary', 'md', 'whitespace-nowrap')}
              aria-label={returnActionTexts.declineLabel(item.label)}
              disabled={busy}
              onClick={() => setStep('decline')}
            >
              {returnActionTexts.decline}
            </button>
          </>
        ) : (
          <button
            ref={opener}
            type="button"
            className={buttonStyles('primary', 'md', 'whitespace-nowrap')}
            aria-label={returnActionTexts.receiveLabel(item.label)}
            disabled={busy}
            onClick={() => setStep('receive')}
          >
            {returnActionTexts.receive}
          </button>
        )}
      </div>
      {errorLine}
    </div>
  );
}

/** A step's two buttons: do it (saying so while it runs), or go back to the return's actions. */
function ConfirmOrBack({
  busy,
  label,
  onConfirm,
  onBack,
}: {
  busy: boolean;
  label: string;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={buttonStyles('primary', 'md', 'whitespace-nowrap')}
        disabled={busy}
        onClick={onConfirm}
      >
        {busy ? returnActionTexts.working : label}
      </button>
      <button
        type="button"
        className={buttonStyles('secondary', 'md', 'whitespace-nowrap')}
        disabled={busy}
        onClick={onBack}
      >
        {returnActionTexts.cancel}
      </button>
    </div>
  );
}
