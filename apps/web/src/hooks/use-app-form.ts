// The one place the web calls react-hook-form's useForm (eslint sends every form here).
// eslint-disable-next-line no-restricted-imports
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { config as zodConfig } from 'zod/v4/core';

// Every form validates with zod, which otherwise probes `new Function` once to decide whether to
// compile its parsers; under the shop's CSP (no eval) the probe is reported as a violation.
zodConfig({ jitless: true });

/**
 * When a form checks its fields: all of them when it is submitted, then each again as it is
 * changed, and never when a field is left. A message appearing on blur moves what is under it,
 * and a click on the submit button blurs the field first: the button moved away between the
 * press and the release, so the click was lost and a second one was needed (issue #9).
 */
export const FORM_VALIDATION = { mode: 'onSubmit', reValidateMode: 'onChange' } as const;

export type AppFormProps<TFieldValues extends FieldValues, TContext, TTransformedValues> = Omit<
  UseFormProps<TFieldValues, TContext, TTransformedValues>,
  keyof typeof FORM_VALIDATION
>;

/** react-hook-form's useForm with the shop's validation timing ({@link FORM_VALIDATION}). */
export function useAppForm<
  TFieldValues extends FieldValues = FieldValues,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-hook-form's own default
  TContext = any,
  TTransformedValues = TFieldValues,
>(
  props: AppFormProps<TFieldValues, TContext, TTransformedValues>,
): UseFormReturn<TFieldValues, TContext, TTransformedValues> {
  return useForm<TFieldValues, TContext, TTransformedValues>({ ...props, ...FORM_VALIDATION });
}
