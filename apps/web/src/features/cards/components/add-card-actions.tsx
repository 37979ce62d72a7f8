import { savedCardTexts } from '@pitstop/core/saved-cards';
import { buttonStyles } from '@/components/ui/button-styles';

/** The profile's Add a card forms' Save and Cancel, whichever provider takes the card. */
export function AddCardActions({
  saving,
  disabled,
  onCancel,
}: {
  saving: boolean;
  disabled: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" className={buttonStyles('primary', 'md')} disabled={disabled}>
        {saving ? savedCardTexts.saving : savedCardTexts.saveCard}
      </button>
      <button type="button" className={buttonStyles('secondary', 'md')} onClick={onCancel}>
        {savedCardTexts.cancel}
      </button>
    </div>
  );
}
