import type { ComponentPropsWithRef } from 'react';
import { FormField, inputClass, readOnlyInputClass } from './form-field';

type TextFieldProps = Omit<
  ComponentPropsWithRef<'input'>,
  'id' | 'aria-invalid' | 'aria-describedby' | 'children'
> & {
  label: string;
  /** The message shown under the input (catalogue texts, verbatim). */
  error?: string | undefined;
  hint?: string | undefined;
};

/**
 * A labelled text-like input (text, email, password, tel, number) with its hint and error, for a
 * form's `register(…)` spread among the other input props. Read-only inputs get the muted style
 * unless a className is given.
 */
export function TextField({ label, error, hint, className, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} error={error} {...(hint ? { hint } : {})}>
      {(control) => (
        <input
          {...control}
          {...inputProps}
          className={className ?? (inputProps.readOnly ? readOnlyInputClass : inputClass)}
        />
      )}
    </FormField>
  );
}
