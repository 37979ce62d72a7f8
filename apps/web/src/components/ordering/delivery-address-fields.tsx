import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { checkoutTexts } from '@pitstop/core/cart-texts';
import { addressLine2Texts } from '@pitstop/core/checkout-place-texts';
import { DeliveryAddressSchema, type DeliveryAddressInput } from '@pitstop/core/checkout';
import { DELIVERY_STATES, STATES_NOT_SERVED } from '@pitstop/core/delivery-area';
import { FormField, inputClass } from '@/components/ui/form-field';
import { TextField } from '@/components/ui/text-field';

/*
 * The delivery address's fields, the same in the checkout and the part page's order form: one set
 * of labels, autocomplete tokens and the state list (with the states the shop cannot deliver to,
 * so a customer there finds theirs and is told why). The forms own the values: each field comes
 * with its `register(…)` and its error.
 */

export type AddressField = keyof DeliveryAddressInput;
const ADDRESS_FIELDS: readonly string[] = Object.keys(DeliveryAddressSchema.shape);

/** An `address.<field>` error from the server, as the address's field name; null for any other. */
export function addressFieldOf(field: string): AddressField | null {
  const name = field.startsWith('address.') ? field.slice('address.'.length) : '';
  return ADDRESS_FIELDS.includes(name) ? (name as AddressField) : null;
}

const STATE_OPTIONS = Object.entries(DELIVERY_STATES).sort(([, a], [, b]) => a.localeCompare(b));
const NOT_SERVED_OPTIONS = Object.entries(STATES_NOT_SERVED);

export interface AddressFieldProps {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

interface DeliveryAddressFieldsProps {
  street: AddressFieldProps;
  /** Apartment, suite, unit (optional, issue #28). */
  line2?: AddressFieldProps;
  city: AddressFieldProps;
  /** The state's select: its value at first (an uncontrolled select is told it once). */
  state: AddressFieldProps & { defaultValue: string };
  zip: AddressFieldProps;
  /** The person receiving it; left out where the form asks for the name itself. */
  name?: AddressFieldProps;
  /** The courier's number; left out where the form asks for the number itself. */
  phone?: AddressFieldProps;
}

/**
 * Every field of a whole-address form (the checkout's new address, the address book's): its
 * registration and its error. The state is checked as soon as it is chosen (a state the shop does
 * not serve is said at once) and starts at `stateAtFirst`.
 */
export function wholeAddressFields(
  form: UseFormReturn<DeliveryAddressInput, unknown, unknown>,
  stateAtFirst: string,
): Required<DeliveryAddressFieldsProps> {
  const errors = form.formState.errors;
  const field = (name: Exclude<AddressField, 'state'>): AddressFieldProps => ({
    registration: form.register(name),
    error: errors[name]?.message,
  });
  return {
    name: field('name'),
    street: field('street'),
    line2: field('line2'),
    city: field('city'),
    state: {
      registration: form.register('state', { onChange: () => void form.trigger('state') }),
      error: errors.state?.message,
      defaultValue: stateAtFirst,
    },
    zip: field('zip'),
    phone: field('phone'),
  };
}

export function DeliveryAddressFields({
  name,
  street,
  line2,
  city,
  state,
  zip,
  phone,
}: DeliveryAddressFieldsProps) {
  return (
    <>
      {name ? (
        <TextField
          label={checkoutTexts.fullName}
          error={name.error}
          {...name.registration}
          type="text"
          autoComplete="shipping name"
        />
      ) : null}
      <TextField
        label={checkoutTexts.street}
        error={street.error}
        {...street.registration}
        type="text"
        // With a second line the browser fills the two apart (WHATWG autofill tokens).
        autoComplete={line2 ? 'shipping address-line1' : 'shipping street-address'}
      />
      {line2 ? (
        <TextField
          label={addressLine2Texts.label}
          error={line2.error}
          {...line2.registration}
          type="text"
          autoComplete="shipping address-line2"
        />
      ) : null}
      {/* Columns by the form's width, not the window's: the part page's form sits in half of it. */}
      <div className="@container">
        <div className="grid gap-5 @sm:grid-cols-2 @xl:grid-cols-[1fr_14rem_9rem]">
          <TextField
            label={checkoutTexts.city}
            error={city.error}
            {...city.registration}
            type="text"
            autoComplete="shipping address-level2"
          />
          <FormField label={checkoutTexts.state} error={state.error}>
            {(control) => (
              <select
                {...control}
                {...state.registration}
                defaultValue={state.defaultValue}
                autoComplete="shipping address-level1"
                className={inputClass}
              >
                <option value="">{checkoutTexts.chooseState}</option>
                {STATE_OPTIONS.map(([code, stateName]) => (
                  <option key={code} value={code}>
                    {stateName}
                  </option>
                ))}
                <optgroup label={checkoutTexts.statesNotServed}>
                  {NOT_SERVED_OPTIONS.map(([code, stateName]) => (
                    <option key={code} value={code}>
                      {stateName.replace(/^the /, 'The ')}
                    </option>
                  ))}
                </optgroup>
              </select>
            )}
          </FormField>
          <TextField
            label={checkoutTexts.zip}
            error={zip.error}
            {...zip.registration}
            type="text"
            inputMode="numeric"
            autoComplete="shipping postal-code"
          />
        </div>
      </div>
      {phone ? (
        <TextField
          label={checkoutTexts.phone}
          hint={checkoutTexts.phoneHint}
          error={phone.error}
          {...phone.registration}
          type="tel"
          inputMode="tel"
          autoComplete="shipping tel"
        />
      ) : null}
    </>
  );
}
