import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  PAYMENT_METHODS,
  RecordPaymentSchema,
  type Invoice,
  type RecordedPayment,
} from '@pitstop/core/invoices';
import { invoiceTexts } from '@pitstop/core/invoices-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { ErrorNotice } from '@/components/ui/notice';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { useRecordPayment } from '../api/invoices-api';

type Field = 'amount' | 'method' | 'reference' | 'receivedOn';

/** Money received against one invoice: amount (what is owed to start with), method, reference, date. */
export function RecordPaymentForm({
  invoice,
  onDone,
  onCancel,
}: {
  invoice: Invoice;
  onDone: (recorded: RecordedPayment) => void;
  onCancel: () => void;
}) {
  const [amount, setAmount] = useState(invoice.owed.toFixed(2));
  const [method, setMethod] = useState<string>('bank_transfer');
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(() => new Date().toISOString().slice(0, 10));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const record = useRecordPayment();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = RecordPaymentSchema.safeParse({ amount, method, reference, receivedOn });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    record.mutate(
      { invoiceId: invoice.id, input: { amount, method: parsed.data.method, reference, receivedOn } },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isApiError(error) && error.errors.length) {
            setErrors(Object.fromEntries(error.errors.map((e) => [e.field, e.message])));
          }
        },
      },
    );
  }

  const serverError =
    record.isError && !(isApiError(record.error) && record.error.errors.length)
      ? problemText(record.error, invoiceTexts.loadFailed)
      : null;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-6"
      aria-labelledby={`pay-${invoice.id}`}
    >
      <h2
        id={`pay-${invoice.id}`}
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900"
      >
        {invoiceTexts.recordPaymentFor(invoice.number)}
      </h2>
      <ErrorNotice message={serverError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={invoiceTexts.amount} error={errors.amount}>
          {(control) => (
            <input
              {...control}
              value={amount}
              inputMode="decimal"
              onChange={(e) => setAmount(e.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label={invoiceTexts.method} error={errors.method}>
          {(control) => (
            <select
              {...control}
              value={method}
              onChange={(e) => setMethod(e.target.value)}
              className={inputClass}
            >
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {invoiceTexts.methods[m]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={invoiceTexts.reference} error={errors.reference}>
          {(control) => (
            <input
              {...control}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label={invoiceTexts.receivedOn} error={errors.receivedOn}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={receivedOn}
              onChange={(e) => setReceivedOn(e.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonStyles('primary')} disabled={record.isPending}>
          {invoiceTexts.save}
        </button>
        <button type="button" className={buttonStyles('secondary')} onClick={onCancel}>
          {invoiceTexts.cancel}
        </button>
      </div>
    </form>
  );
}
