import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { inputClass, type FieldControlProps } from '@/components/ui/form-field';

interface RowFieldProps {
  id: string;
  label: ReactNode;
  error: string | undefined;
  /** Extra classes for the wrapper (a grid column span). */
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A small labelled control inside a repeated row (a specification, a fitment), its error underneath. */
export function RowField({ id, label, error, className = '', children }: RowFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={`flex min-w-0 flex-1 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-semibold text-slate-700">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface RowInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string;
  label: string;
  error: string | undefined;
  /** What form.register gave for the field. */
  field: UseFormRegisterReturn;
  /** Extra classes for the wrapper (a grid column span). */
  className?: string;
}

/** A text or number input in a repeated row: the row fields that differ only in name and type. */
export function RowInput({ id, label, error, field, className, ...input }: RowInputProps) {
  return (
    <RowField id={id} label={label} error={error} className={className}>
      {(control) => <input {...control} {...field} {...input} className={inputClass} />}
    </RowField>
  );
}
