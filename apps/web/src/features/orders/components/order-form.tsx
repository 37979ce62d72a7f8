import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@pitstop/core/accounts';
import { authErrorTexts, messages, shopTexts } from '@pitstop/core/messages';
import { CreateOrderSchema, quantityProblem } from '@pitstop/core/orders';
import type { Part } from '@pitstop/core/parts';
import { useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/current-user';
import { useCreateOrder } from '../api/create-order';

export type OrderablePart = Pick<Part, '_id' | 'name' | 'minquantity' | 'availablequantity'>;
type Limits = Pick<Part, 'minquantity' | 'availablequantity'>;

/**
 * The spec's order-form rules (§5) from the shared CreateOrderSchema, plus the check only this
 * part can answer: the quantity must lie within minquantity..availablequantity. The part's id is
 * not a field anyone types; it is added when the order is sent.
 */
function orderFormSchema(limits: Limits) {
  return CreateOrderSchema.omit({ productId: true }).extend({
    quantity: CreateOrderSchema.shape.quantity.superRefine((quantity, ctx) => {
      const problem = quantityProblem(quantity, limits);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
}

/** What the quantity box holds as a number, or null when empty or not a whole number. */
function typedQuantity(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isInteger(n) ? n : null;
}

/** Place Order works only for a quantity within the part's limits (spec §4); empty is outside. */
export function isQuantityOrderable(value: unknown, limits: Limits): boolean {
  const quantity = typedQuantity(value);
  return quantity !== null && quantity >= limits.minquantity && quantity <= limits.availablequantity;
}

type FieldName = 'name' | 'email' | 'num' | 'parts' | 'quantity';
const FIELDS: readonly string[] = ['name', 'email', 'num', 'parts', 'quantity'] satisfies FieldName[];

function isFieldName(field: string): field is FieldName {
  return FIELDS.includes(field);
}

function orderErrorText(error: unknown): string {
  if (isApiError(error) && error.isNetworkError) return authErrorTexts.network;
  if (isApiError(error) && error.status < 500) return error.message;
  return 'Your order could not be placed. Please try again.';
}

interface OrderFormProps {
  part: OrderablePart;
  /**
   * Called when the part's stock has changed: an order was booked, or the server said too few
   * are left. The screen refetches the part so the limits shown are the current ones.
   */
  onStockChanged?: () => void;
}

/** The contact form for ordering a part (spec §2), prefilled from the signed-in account. */
export function OrderForm({ part, onStockChanged }: OrderFormProps) {
  const user = useCurrentUser();
  const headingId = useId();

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        Order this part
      </h2>
      {/* Data first: a failed background refetch of the account must not replace (and so empty) a
          form being filled in. */}
      {user.data ? (
        <OrderFields part={part} customer={user.data} onStockChanged={onStockChanged} headingId={headingId} />
      ) : user.isPending ? (
        <Spinner label="Loading your details" className="justify-start py-6" />
      ) : (
        <QueryError onRetry={() => void user.refetch()} retrying={user.isFetching} />
      )}
    </section>
  );
}

interface OrderFieldsProps extends OrderFormProps {
  customer: Pick<Profile, 'name' | 'email'>;
  headingId: string;
}

function OrderFields({ part, customer, onStockChanged, headingId }: OrderFieldsProps) {
  const { minquantity, availablequantity } = part;
  const schema = useMemo(
    () => orderFormSchema({ minquantity, availablequantity }),
    [minquantity, availablequantity],
  );
  const form = useAppForm({
    resolver: zodResolver(schema),
    defaultValues: {
      name: customer.name,
      email: customer.email,
      num: '',
      parts: part.name,
      quantity: '',
    },
  });
  const order = useCreateOrder();
  const [booked, setBooked] = useState(false);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const quantity = useWatch({ control: form.control, name: 'quantity' });
  const { errors } = form.formState;

  const soldOut = availablequantity < minquantity;
  const canOrder = isQuantityOrderable(quantity, part) && !order.isPending;

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => {
        setBooked(false);
        setGeneralError(null);
        order.mutate(
          { ...values, productId: part._id },
          {
            onSuccess: () => {
              form.reset();
              setBooked(true);
              onStockChanged?.();
            },
            onError: (error) => {
              if (isApiError(error) && error.status === 409) {
                // Not enough stock left (someone else was quicker): that is about the quantity.
                form.setError('quantity', { message: error.message }, { shouldFocus: true });
                onStockChanged?.();
                return;
              }
              const fieldErrors = isApiError(error)
                ? error.errors.filter((e): e is { field: FieldName; message: string } => isFieldName(e.field))
                : [];
              fieldErrors.forEach(({ field, message }, index) => {
                form.setError(field, { message }, { shouldFocus: index === 0 });
              });
              if (fieldErrors.length === 0) setGeneralError(orderErrorText(error));
            },
          },
        );
      })}
    >
      <TextField
        label="Name"
        error={errors.name?.message}
        {...form.register('name')}
        type="text"
        autoComplete="name"
      />
      <TextField
        label="Email"
        error={errors.email?.message}
        {...form.register('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
      />
      <TextField
        label="Phone number"
        error={errors.num?.message}
        {...form.register('num')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
      />
      <TextField label="Part name" error={errors.parts?.message} {...form.register('parts')} type="text" />
      <TextField
        label="Quantity"
        error={errors.quantity?.message}
        hint={
          soldOut
            ? 'This part is out of stock for now.'
            : `Order between ${minquantity} and ${availablequantity} units.`
        }
        {...form.register('quantity', {
          // Place Order is disabled while the quantity is out of range, so it could never show
          // why: say it while the number is typed (an emptied box included), not on leaving.
          onChange: () => void form.trigger('quantity'),
        })}
        type="number"
        inputMode="numeric"
        min={minquantity}
        max={availablequantity}
        step={1}
        placeholder={shopTexts.quantityBelowMin(minquantity)}
      />
      <p role="status" className={booked ? 'font-semibold text-green-800' : 'sr-only'}>
        {booked ? messages.orderBooked : ''}
      </p>
      {generalError ? (
        <p role="alert" className="font-medium text-red-700">
          {generalError}
        </p>
      ) : null}
      <button
        type="submit"
        className={buttonStyles('primary', 'lg', 'w-full sm:w-auto sm:self-start')}
        disabled={!canOrder}
      >
        {order.isPending ? 'Placing order…' : 'Place Order'}
      </button>
    </form>
  );
}
