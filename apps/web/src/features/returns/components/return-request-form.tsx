import { useId, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type FieldError, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { RETURN_REASONS, type OrderDetail, type Return } from '@pitstop/core/order-detail';
import { RETURN_REASON_LABELS } from '@pitstop/core/return-policy';
import { returnFormTexts } from '@pitstop/core/return-texts';
import {
  RETURN_NOTE_MAX,
  returnRequestFormSchema,
  type CreateReturn,
  type ReturnRequestFormValues,
} from '@pitstop/core/returns';
import { buttonStyles } from '@/components/ui/button-styles';
import { FormField, inputClass } from '@/components/ui/form-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { mediumDateOf } from '@/lib/date-format';
import { problemText } from '@/lib/error-text';
import { useRequestReturn } from '../api/request-return';
import { ReturnPhotosField } from './return-photos-field';

interface ReturnRequestFormProps {
  order: Pick<OrderDetail, 'orderNumber' | 'lines' | 'returnableUntil'>;
  /** Called with the new return once the server has it (the page shows it and says so). */
  onRequested: (item: Return) => void;
  /** What else to refresh once a return is asked for: the order page's own data. */
  onChanged?: () => void;
}

/** A request field the server named: `lines.N.quantity` is the quantity of the Nth line sent. */
type FieldName = 'reason' | 'note' | 'photos' | 'quantities' | `quantities.${string}`;

function fieldOf(serverField: string, sent: CreateReturn | null): FieldName | null {
  const line = /^lines\.(\d+)\./.exec(serverField);
  if (line) {
    const lineId = sent?.lines[Number(line[1])]?.lineId;
    return lineId ? `quantities.${lineId}` : 'quantities';
  }
  if (serverField === 'lines') return 'quantities';
  if (serverField === 'reason' || serverField === 'note') return serverField;
  if (serverField === 'photos' || serverField.startsWith('photos.')) return 'photos';
  return null;
}

interface QuantityRowProps {
  line: OrderDetail['lines'][number];
  max: number;
  error: string | undefined;
  field: UseFormRegisterReturn;
}

/** One line's quantity: the part (its number and name) labels the field; what is left is its hint. */
function QuantityRow({ line, max, error, field }: QuantityRowProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_6rem] items-start gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white p-3">
      <label htmlFor={id} className="self-center text-sm text-slate-800">
        {line.partNumber ? <span className="font-mono text-slate-600">{`${line.partNumber} `}</span> : null}
        {line.name}
      </label>
      <input
        {...field}
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        placeholder="0"
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        className={inputClass}
      />
      <p id={`${id}-hint`} className="col-start-2 text-sm text-slate-600">
        {returnFormTexts.quantityHint(max)}
      </p>
      {error ? (
        <p id={`${id}-error`} className="col-span-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The customer's "Return parts" form on their order page: how many units of each delivered line
 * (up to what shipped less what earlier returns took), why, a note and photos. The same rules as
 * the server (core's schema) show before sending; anything the server still refuses shows under
 * its field, or above the button when it is about the order (the window closed meanwhile).
 */
export function ReturnRequestForm({ order, onRequested, onChanged }: ReturnRequestFormProps) {
  const id = useId();
  const returnable = useMemo(
    () =>
      Object.fromEntries(
        order.lines
          .map((line) => [line.lineId, Math.max(0, line.shipped - line.returned)] as const)
          .filter(([, left]) => left > 0),
      ),
    [order.lines],
  );
  const lines = order.lines.filter((line) => (returnable[line.lineId] ?? 0) > 0);
  const schema = useMemo(() => returnRequestFormSchema(returnable), [returnable]);
  const form = useAppForm<ReturnRequestFormValues, unknown, CreateReturn>({
    resolver: zodResolver(schema),
    defaultValues: {
      quantities: Object.fromEntries(lines.map((line) => [line.lineId, ''])),
      note: '',
      photos: [],
    },
  });
  const request = useRequestReturn(order.orderNumber, onChanged);
  const [uploading, setUploading] = useState(false);
  const { errors } = form.formState;
  const fieldErrors = isApiError(request.error)
    ? request.error.errors.filter(({ field }) => fieldOf(field, null) !== null)
    : [];
  const generalError =
    request.isError && fieldErrors.length === 0
      ? problemText(request.error, returnFormTexts.submitFailed)
      : null;

  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: (item) => {
        form.reset();
        onRequested(item);
      },
      onError: (error, sent) => {
        if (!isApiError(error)) return;
        error.errors.forEach(({ field, message }, index) => {
          const name = fieldOf(field, sent);
          if (name) form.setError(name, { message }, { shouldFocus: index === 0 });
        });
      },
    }),
  );

  if (lines.length === 0) return <p className="text-slate-700">{returnFormTexts.nothingLeft}</p>;
  const lastDay = mediumDateOf(order.returnableUntil);
  const reasonError = errors.reason?.message;
  // The quantities' own error (none chosen), apart from each line's: a record's errors are keyed by
  // its keys, so its own message is read as the FieldError it is. The resolver files it under
  // `root` when a line id starts with a digit (it takes `quantities.3…` for a field array's items).
  const quantitiesError = errors.quantities as (FieldError & { root?: FieldError }) | undefined;
  const noneChosen = quantitiesError?.root?.message ?? quantitiesError?.message;

  return (
    <form
      noValidate
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {returnFormTexts.heading}
        </h3>
        {lastDay ? <p className="text-sm text-slate-700">{returnFormTexts.intro(lastDay)}</p> : null}
        <Link to="/returns" className="text-sm font-semibold text-red-700 underline underline-offset-2">
          {returnFormTexts.policyLink}
        </Link>
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold text-slate-800">
          {returnFormTexts.quantityLegend}
        </legend>
        {lines.map((line) => (
          <QuantityRow
            key={line.lineId}
            line={line}
            max={returnable[line.lineId] ?? 0}
            error={errors.quantities?.[line.lineId]?.message}
            field={form.register(`quantities.${line.lineId}`)}
          />
        ))}
        {noneChosen ? <p className="text-sm font-medium text-red-700">{noneChosen}</p> : null}
      </fieldset>

      <fieldset
        className="flex flex-col gap-2"
        aria-invalid={Boolean(reasonError)}
        aria-describedby={reasonError ? `${id}-reason-error` : undefined}
      >
        <legend className="mb-1 text-sm font-semibold text-slate-800">{returnFormTexts.reasonLegend}</legend>
        {RETURN_REASONS.map((reason) => (
          <label
            key={reason}
            className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 has-[:checked]:border-red-700"
          >
            <input type="radio" value={reason} {...form.register('reason')} />
            {RETURN_REASON_LABELS[reason]}
          </label>
        ))}
        {reasonError ? (
          <p id={`${id}-reason-error`} className="text-sm font-medium text-red-700">
            {reasonError}
          </p>
        ) : null}
      </fieldset>

      <FormField
        label={returnFormTexts.noteLabel}
        hint={returnFormTexts.noteHint}
        error={errors.note?.message}
      >
        {(control) => (
          <textarea
            {...control}
            {...form.register('note')}
            rows={3}
            maxLength={RETURN_NOTE_MAX}
            className={`${inputClass} resize-y`}
          />
        )}
      </FormField>

      <Controller
        control={form.control}
        name="photos"
        render={({ field }) => (
          <ReturnPhotosField
            value={field.value}
            onChange={field.onChange}
            error={errors.photos?.message}
            onUploadingChange={setUploading}
          />
        )}
      />

      {generalError ? (
        <p role="alert" className="font-medium text-red-700">
          {generalError}
        </p>
      ) : null}
      <div>
        <button
          type="submit"
          className={buttonStyles('primary', 'lg')}
          disabled={request.isPending || uploading}
        >
          {request.isPending ? returnFormTexts.submitting : returnFormTexts.submit}
        </button>
      </div>
    </form>
  );
}
