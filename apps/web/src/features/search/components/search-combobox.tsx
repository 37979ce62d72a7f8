import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { withoutControlCharacters } from '@pitstop/core/control-characters';
import type { Vehicle } from '@pitstop/core/fitment';
import type { Suggestions } from '@pitstop/core/parts';
import { headerSearchTexts } from '@pitstop/core/header-search';
import { SUGGEST_MIN_CHARS, searchTexts } from '@pitstop/core/search';
import { vehicleLabel } from '@pitstop/core/vehicle-fit';
import { buttonStyles } from '@/components/ui/button-styles';
import { NumberMatchNote } from '@/components/ui/number-match';
import { useEarlyInput } from '@/hooks/use-early-input';
import { useSuggestions } from '../api/get-suggestions';
import { useDebouncedValue } from '../hooks/use-debounced-value';

/** Long enough to skip the keystrokes of a word typed in one go, short enough to feel immediate. */
export const SUGGEST_DEBOUNCE_MS = 150;
const MAX_LENGTH = 80;

export interface SearchComboboxProps {
  /** The search in effect (the URL's q): shown in the box, and put back whenever it changes. */
  value: string;
  /** Enter or the Search button with no suggestion picked: search for the typed text. */
  onSearch: (text: string) => void;
  onPickPart: (id: string) => void;
  onPickVehicle: (vehicle: Vehicle) => void;
  /** The rider's bike: suggested parts that fit it come first, and each says whether it fits. */
  vehicle?: Vehicle | null;
  /**
   * Escape with the list closed: the host hides the box (the header's phone panel). Without it,
   * that Escape clears the text.
   */
  onDismiss?: (() => void) | undefined;
  /** The label for screen readers only, where the box explains itself (the site header). */
  compact?: boolean;
}

type Option =
  | { kind: 'part'; key: string; part: Suggestions['parts'][number] }
  | { kind: 'bike'; key: string; vehicle: Vehicle };

function optionsOf(suggestions: Suggestions | undefined): Option[] {
  if (!suggestions) return [];
  return [
    ...suggestions.parts.map((part): Option => ({ kind: 'part', key: `part-${part._id}`, part })),
    ...suggestions.vehicles.map((v): Option => ({
      kind: 'bike',
      key: `bike-${v.year}-${v.make}-${v.model}`,
      vehicle: { year: v.year, make: v.make, model: v.model },
    })),
  ];
}

/**
 * The catalogue's search box: a WAI-ARIA 1.2 combobox with a listbox popup of suggestions, in two
 * groups (parts and bikes). Focus stays in the input; the highlighted option is announced through
 * aria-activedescendant. https://www.w3.org/WAI/ARIA/apg/patterns/combobox/
 *
 * Enter searches for the typed text unless an option was highlighted with the arrow keys since
 * the last keystroke, so typing and pressing Enter at once never picks a suggestion for older text.
 */
export function SearchCombobox({
  value,
  onSearch,
  onPickPart,
  onPickVehicle,
  vehicle = null,
  onDismiss,
  compact = false,
}: SearchComboboxProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  useEarlyInput(inputRef, text, (typed) => {
    setText(typed);
    setOpen(true);
  });

  // The URL's search changed (Back, a "Did you mean" link, Clear all): show it, close the list.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
    setOpen(false);
    setActiveIndex(-1);
  }

  // Control characters (a pasted tab) would be refused by the API (decision 027): spaces instead.
  const typed = withoutControlCharacters(text).trim();
  const debounced = useDebouncedValue(typed, SUGGEST_DEBOUNCE_MS);
  const { data } = useSuggestions(debounced, vehicle);
  const options = typed.length >= SUGGEST_MIN_CHARS ? optionsOf(data) : [];
  const expanded = open && options.length > 0;

  // New suggestions move the options under the highlight: start again from the input.
  const [shownData, setShownData] = useState(data);
  if (data !== shownData) {
    setShownData(data);
    setActiveIndex(-1);
  }

  const active = expanded && activeIndex >= 0 && activeIndex < options.length ? activeIndex : -1;

  useEffect(() => {
    if (active < 0) return;
    // Keep the highlighted option in view when the list scrolls (the DOM is the outside system).
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // optionId only depends on id, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  function close() {
    setOpen(false);
    setActiveIndex(-1);
  }

  function pick(option: Option) {
    close();
    if (option.kind === 'part') onPickPart(option.part._id);
    else onPickVehicle(option.vehicle);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    close();
    onSearch(text);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActiveIndex(!expanded || active < 0 || active >= count - 1 ? 0 : active + 1);
        break;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActiveIndex(!expanded || active <= 0 ? count - 1 : active - 1);
        break;
      case 'Enter': {
        const option = active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          pick(option);
        }
        // Otherwise the form submits the typed text.
        break;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) close();
        else if (onDismiss) onDismiss();
        else setText('');
        break;
      default:
    }
  }

  function renderOption({ option, index }: { option: Option; index: number }) {
    const selected = index === active;
    return (
      // The keyboard is handled on the input, as the combobox pattern asks; a click picks.
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events
      <div
        key={option.key}
        id={optionId(index)}
        role="option"
        aria-selected={selected}
        tabIndex={-1}
        // Keep focus in the input, so a click does not blur it and close the list first.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => pick(option)}
        className={`flex cursor-pointer flex-col px-4 py-2.5 text-sm ${
          selected ? 'bg-red-700 text-white' : 'text-slate-900 hover:bg-slate-100'
        }`}
      >
        {option.kind === 'part' ? (
          <>
            <span className="font-medium">{option.part.name}</span>
            {/* Why it was suggested, when another of its numbers matched what was typed. */}
            <NumberMatchNote
              match={option.part.matchedBy}
              className={`font-semibold ${selected ? 'text-white' : 'text-red-800'}`}
            />
            <span className={selected ? 'text-red-100' : 'text-slate-600'}>{option.part.partNumber}</span>
            {option.part.fits === undefined ? null : <FitMark fits={option.part.fits} selected={selected} />}
          </>
        ) : (
          <span className="font-medium">{vehicleLabel(option.vehicle)}</span>
        )}
      </div>
    );
  }

  /** The options of one kind under their heading; nothing when there are none. */
  function renderGroup(kind: Option['kind'], heading: string) {
    const members = options.flatMap((option, index) => (option.kind === kind ? [{ option, index }] : []));
    if (members.length === 0) return null;
    const headingId = `${id}-${kind}s`;
    return (
      <div role="group" aria-labelledby={headingId}>
        <div
          role="presentation"
          id={headingId}
          className="px-4 pt-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600"
        >
          {heading}
        </div>
        {members.map(renderOption)}
      </div>
    );
  }

  return (
    <form
      role="search"
      aria-label={searchTexts.searchLabel}
      onSubmit={handleSubmit}
      className="flex flex-col gap-1.5"
    >
      <label htmlFor={inputId} className={compact ? 'sr-only' : 'text-sm font-medium text-slate-700'}>
        {searchTexts.searchLabel}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            ref={inputRef}
            id={inputId}
            name="q"
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listboxId}
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            enterKeyHint="search"
            autoComplete="off"
            maxLength={MAX_LENGTH}
            placeholder={searchTexts.searchPlaceholder}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActiveIndex(-1);
            }}
            onKeyDown={handleKeyDown}
            onBlur={close}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm hover:border-slate-400 sm:text-sm"
          />
          <div
            id={listboxId}
            role="listbox"
            aria-label={searchTexts.searchLabel}
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-30 mt-1 max-h-96 overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
          >
            {renderGroup(
              'part',
              // Marks only for the bike they were asked for (the answer for no bike has none).
              vehicle && options.some((o) => o.kind === 'part' && o.part.fits !== undefined)
                ? headerSearchTexts.suggestionPartsFor(vehicle)
                : searchTexts.suggestionParts,
            )}
            {renderGroup('bike', searchTexts.suggestionBikes)}
          </div>
        </div>
        <button type="submit" className={buttonStyles('primary', 'md')}>
          {searchTexts.searchButton}
        </button>
      </div>
      <p role="status" className="sr-only">
        {expanded ? searchTexts.suggestionsShown(options.length) : ''}
      </p>
    </form>
  );
}

/** Whether a suggested part fits the rider's bike: a word and a sign, never colour alone. */
function FitMark({ fits, selected }: { fits: boolean; selected: boolean }) {
  const tone = selected ? 'text-white' : fits ? 'text-green-800' : 'text-amber-900';
  return (
    <span className={`mt-0.5 inline-flex items-center gap-1 text-xs font-semibold ${tone}`}>
      <span aria-hidden="true">{fits ? '✓' : '✕'}</span>
      {fits ? headerSearchTexts.fits : headerSearchTexts.doesNotFit}
    </span>
  );
}
