import { approvalsTexts } from '@pitstop/core/approvals-texts';
import { FormField, inputClass } from '@/components/ui/form-field';

interface PoNumberFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The company asks for one on every order: the label says so (the server refuses without). */
  required: boolean;
  error?: string | undefined;
}

/** The checkout's purchase order number: optional, or required when the buyer's company says so. */
export function PoNumberField({ value, onChange, required, error }: PoNumberFieldProps) {
  return (
    <FormField
      label={
        required ? `${approvalsTexts.poLabel} *` : `${approvalsTexts.poLabel} ${approvalsTexts.poOptional}`
      }
      error={error}
      hint={required ? approvalsTexts.poRequiredHint : approvalsTexts.poHint}
    >
      {(control) => (
        <input
          {...control}
          name="poNumber"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          maxLength={40}
          autoComplete="off"
          required={required}
          aria-required={required}
          className={inputClass}
        />
      )}
    </FormField>
  );
}
