import { zodResolver } from '@hookform/resolvers/zod';
import { SandboxSaveCardSchema, savedCardTexts, type SandboxSaveCardInput } from '@pitstop/core/saved-cards';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CardFields, isCardField, type CardField } from '@/components/ordering/card-fields';
import { ErrorNotice } from '@/components/ui/notice';
import { useAppForm } from '@/hooks/use-app-form';
import { isApiError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { authErrorTexts } from '@pitstop/core/messages';
import { savedCardsKeys } from '@/lib/saved-cards';
import { saveSandboxCard } from '../api/save-card';
import { AddCardActions } from './add-card-actions';

const resolver = zodResolver(SandboxSaveCardSchema);

interface AddCardProps {
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Add a card in test mode: the payment page's sandbox card fields, sent once to POST
 * /api/cards/sandbox. As there, the number lives only in this form's state, never in a cache.
 */
export function AddSandboxCard({ onSaved, onCancel }: AddCardProps) {
  const queryClient = useQueryClient();
  const form = useAppForm<SandboxSaveCardInput>({
    resolver,
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;

  return (
    <form
      noValidate
      aria-label={savedCardTexts.add}
      className="flex flex-col gap-5 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
      onSubmit={form.handleSubmit(async (card) => {
        setError(null);
        try {
          await saveSandboxCard(card);
        } catch (saveError) {
          const fieldErrors =
            isApiError(saveError) && saveError.status === 400
              ? saveError.errors.filter((e): e is { field: CardField; message: string } =>
                  isCardField(e.field),
                )
              : [];
          fieldErrors.forEach(({ field, message }, index) =>
            form.setError(field, { message }, { shouldFocus: index === 0 }),
          );
          if (fieldErrors.length === 0) setError(problemText(saveError, authErrorTexts.generic));
          return;
        }
        form.reset();
        await queryClient.invalidateQueries({ queryKey: savedCardsKeys.all });
        onSaved();
      })}
    >
      <CardFields control={form.control} errors={errors} />
      <ErrorNotice message={error} />
      <AddCardActions saving={isSubmitting} disabled={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
