import { addressTexts } from '@pitstop/core/address-texts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@pitstop/core/accounts';
import { shopTexts } from '@pitstop/core/messages';
import { minimumsTexts, stockWords } from '@pitstop/core/minimums-texts';
import {
  DeliveryAddressFieldsSchema,
  zipInState,
  usPhoneValid,
  type CheckoutResult,
  type PaymentMethod,
} from '@pitstop/core/checkout';
import { CreateOrderSchema, quantityProblem, type OrderAddress } from '@pitstop/core/orders';
import type { Part } from '@pitstop/core/parts';
import { receiptTexts } from '@pitstop/core/receipt-texts';
import { useId, useMemo, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { DeliveryAddressFields } from '@/components/ordering/delivery-address-fields';
import { PaymentChoice, type CreditLineLeft } from '@/components/ordering/payment-choice';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useAppForm } from '@/hooks/use-app-form';
import { useCurrentUser } from '@/lib/current-user';
import { useSavedAddress } from '@/lib/saved-address';
import { useCreateOrder } from '../api/create-order';
import { OrderBooked } from './order-booked';
import { orderFailure } from './order-form-errors';

export type OrderablePart = Pick<Part, '_id' | 'name' | 'minquantity' | 'availablequantity'>;
type Limits = Pick<Part, 'minquantity' | 'availablequantity'>;

/** The address as this form asks it: name and phone are the form's own Name and Phone number. */
const AddressFieldsSchema = DeliveryAddressFieldsSchema.pick({
  street: true,
  line2: true,
  city: true,
  state: true,
  zip: true,
}).superRefine(zipInState);

/**
 * The spec's order-form rules (§5) from the shared CreateOrderSchema, plus what only this form
 * adds: the quantity must lie within the part's minquantity..availablequantity; the number, which
 * is the courier's too, must be a US phone number (after the spec's own messages); and where it
 * goes. The part's id and how it is paid are not typed; they are added when the order is sent.
 */
function orderFormSchema(limits: Limits) {
  return CreateOrderSchema.omit({ productId: true, address: true, payment: true }).extend({
    num: CreateOrderSchema.shape.num.refine(usPhoneValid, addressTexts.phoneInvalid),
    quantity: CreateOrderSchema.shape.quantity.superRefine((quantity, ctx) => {
      const problem = quantityProblem(quantity, limits);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    address: AddressFieldsSchema,
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

interface OrderFormProps {
  part: OrderablePart;
  /**
   * An approved customer's credit line: offers "Pay on account (net 30)" as the checkout does.
   * Null (or not given) shows no choice, and the order is paid by card.
   */
  creditLine?: CreditLineLeft | null;
  /**
   * Called when the part's stock has changed: an order was booked, or the server said too few
   * are left. The screen refetches the part so the limits shown are the current ones.
   */
  onStockChanged?: () => void;
  /** Called with the placed order (after the stock change). */
  onPlaced?: (result: CheckoutResult) => void;
}

/**
 * The contact form for ordering a part (spec §2), prefilled from the signed-in account and the
 * customer's last delivery address; it places a one-line order as the checkout would.
 */
export function OrderForm({ part, creditLine = null, onStockChanged, onPlaced }: OrderFormProps) {
  const user = useCurrentUser();
  const saved = useSavedAddress();
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
          form being filled in. A last address that cannot be read only means typing it again. */}
      {user.data && !saved.isPending ? (
        <OrderFields
          part={part}
          customer={user.data}
          saved={saved.data?.address ?? null}
          creditLine={creditLine}
          onStockChanged={onStockChanged}
          onPlaced={onPlaced}
          headingId={headingId}
        />
      ) : user.isPending || saved.isPending ? (
        <Spinner label="Loading your details" className="justify-start py-6" />
      ) : (
        <QueryError onRetry={() => void user.refetch()} retrying={user.isFetching} />
      )}
    </section>
  );
}

interface OrderFieldsProps extends Omit<OrderFormProps, 'creditLine'> {
  customer: Pick<Profile, 'name' | 'email'>;
  saved: OrderAddress | null;
  creditLine: CreditLineLeft | null;
  headingId: string;
}

function OrderFields({
  part,
  customer,
  saved,
  creditLine,
  onStockChanged,
  onPlaced,
  headingId,
}: OrderFieldsProps) {
  const { minquantity, availablequantity } = part;
  const schema = useMemo(
    () => orderFormSchema({ minquantity, availablequantity }),
    [minquantity, availablequantity],
  );
  const form: OrderFormControl = useAppForm({
    resolver: zodResolver(schema),
    defaultValues: {
      name: customer.name,
      email: customer.email,
      num: saved?.phone ?? '',
      parts: part.name,
      quantity: '',
      address: {
        street: saved?.street ?? '',
        line2: saved?.line2 ?? '',
        city: saved?.city ?? '',
        state: saved?.state ?? '',
        zip: saved?.zip ?? '',
      },
    },
  });
  const order = useCreateOrder();
  const [payment, setPayment] = useState<PaymentMethod>('card');
  const [booked, setBooked] = useState<CheckoutResult | null>(null);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const quantity = useWatch({ control: form.control, name: 'quantity' });
  const { errors } = form.formState;

  const soldOut = availablequantity < minquantity;
  const canOrder = isQuantityOrderable(quantity, part) && !order.isPending;

  const onSubmit = form.handleSubmit((values) => {
    setBooked(null);
    setGeneralError(null);
    const { address, ...contact } = values;
    order.mutate(
      {
        ...contact,
        productId: part._id,
        payment,
        address: { ...address, name: contact.name, phone: contact.num },
      },
      {
        onSuccess: (result) => {
          // Ready for the next order, with the address just used (now the last one) kept.
          form.reset({
            ...form.formState.defaultValues,
            num: contact.num,
            address: { ...address, line2: address.line2 ?? '' },
            quantity: '',
          });
          setBooked(result);
          onStockChanged?.();
          onPlaced?.(result);
        },
        onError: (error) => {
          const failure = orderFailure(error);
          if (failure.stockChanged) onStockChanged?.();
          failure.fields.forEach(({ field, message }, index) => {
            form.setError(field, { message }, { shouldFocus: index === 0 });
          });
          setGeneralError(failure.general);
        },
      },
    );
  });

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-5"
      onSubmit={(event) => void onSubmit(event)}
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
            : // Stock in words: the exact count is for admins (the box's max still stops at it).
              minimumsTexts.orderHint(minquantity, stockWords(part))
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
      <AddressSection form={form} />
      {creditLine ? (
        <PaymentChoice
          value={payment}
          onChange={(next) => {
            // A refusal of the other way to pay no longer applies.
            setGeneralError(null);
            setPayment(next);
          }}
          creditLine={creditLine}
          totalCents={null}
        />
      ) : null}
      {/* Always present, so the booking is announced when it arrives. */}
      <div role="status" className={booked ? 'flex flex-col gap-3' : 'sr-only'}>
        {booked ? <OrderBooked result={booked} /> : null}
      </div>
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

type OrderFormSchema = ReturnType<typeof orderFormSchema>;
type OrderFormControl = UseFormReturn<z.input<OrderFormSchema>, unknown, z.output<OrderFormSchema>>;

/** Where it goes: the street, its second line, city, state and ZIP (name and phone are above). */
function AddressSection({ form }: { form: OrderFormControl }) {
  const headingId = useId();
  const leadId = useId();
  const errors = form.formState.errors.address;
  return (
    <fieldset aria-labelledby={headingId} aria-describedby={leadId} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-lg font-bold text-slate-900">
          {receiptTexts.deliveryHeading}
        </h3>
        <p id={leadId} className="text-sm text-slate-600">
          {receiptTexts.addressLead}
        </p>
      </div>
      <DeliveryAddressFields
        street={{ registration: form.register('address.street'), error: errors?.street?.message }}
        line2={{ registration: form.register('address.line2'), error: errors?.line2?.message }}
        city={{ registration: form.register('address.city'), error: errors?.city?.message }}
        state={{
          // A state the shop cannot deliver to is refused as soon as it is chosen.
          registration: form.register('address.state', {
            onChange: () => void form.trigger('address.state'),
          }),
          error: errors?.state?.message,
          defaultValue: form.formState.defaultValues?.address?.state ?? '',
        }}
        zip={{ registration: form.register('address.zip'), error: errors?.zip?.message }}
      />
    </fieldset>
  );
}
