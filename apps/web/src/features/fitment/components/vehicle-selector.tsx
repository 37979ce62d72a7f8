import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Vehicle } from '@pitstop/core/fitment';
import { fitmentTexts, vehicleLabel, vehiclePartsPath } from '@pitstop/core/vehicle-fit';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice } from '@/components/ui/notice';
import { QueryError } from '@/components/ui/query-error';
import { useEarlyInput } from '@/hooks/use-early-input';
import { useVehicleMakes } from '../api/get-vehicle-makes';
import { useVehicleModels } from '../api/get-vehicle-models';
import { useVehicleYears } from '../api/get-vehicle-years';
import { useGarage } from '../hooks/use-garage';

interface VehicleSelectorProps {
  /** The bike to start from: the one in the URL, or the garage's active one. */
  initial?: Vehicle | null;
  /** What choosing a bike does once it is in the garage; by default, open /parts for it. */
  onChoose?: (vehicle: Vehicle) => void;
  /** One slim row of controls, for the top of the catalogue. */
  compact?: boolean;
  /** The id of a visible heading that names the form; without one it is named "Your bike". */
  labelledBy?: string;
}

const selectClass =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm hover:border-slate-400 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-500';

interface VehicleSelectProps {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  /** The first, empty option: "Choose a year", "Loading…", "Choose a year first". */
  placeholder: string;
  disabled: boolean;
  onChange: (value: string) => void;
}

function VehicleSelect({ id, label, value, options, placeholder, disabled, onChange }: VehicleSelectProps) {
  // The chosen value stays listed while its list loads, so a preset bike shows at once.
  const listed = value === '' || options.some((o) => o.value === value);
  const ref = useRef<HTMLSelectElement>(null);
  useEarlyInput(ref, value, onChange);
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={selectClass}
      >
        <option value="">{placeholder}</option>
        {listed ? null : <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Year → Make → Model, each list from the API and holding only what has parts. Choosing saves the
 * bike in My Garage as the active one, then opens the catalogue for it.
 */
export function VehicleSelector({
  initial = null,
  onChoose,
  compact = false,
  labelledBy,
}: VehicleSelectorProps) {
  const id = useId();
  const navigate = useNavigate();
  const garage = useGarage();
  const [year, setYear] = useState<number | null>(initial?.year ?? null);
  const [make, setMake] = useState(initial?.make ?? '');
  const [model, setModel] = useState(initial?.model ?? '');

  // Another starting bike (a new URL, another active bike) resets the choice. Adjusted during
  // render rather than by remounting, so a failed save's message stays on screen.
  const initialLabel = initial ? vehicleLabel(initial) : '';
  const [shownFor, setShownFor] = useState(initialLabel);
  if (shownFor !== initialLabel) {
    setShownFor(initialLabel);
    setYear(initial?.year ?? null);
    setMake(initial?.make ?? '');
    setModel(initial?.model ?? '');
  }
  const years = useVehicleYears();
  const makes = useVehicleMakes(year);
  const models = useVehicleModels(year, make);

  const failed = [years, makes, models].find((q) => q.isError);
  const complete = year !== null && make !== '' && model !== '';

  function chooseYear(value: string) {
    setYear(value === '' ? null : Number(value));
    setMake('');
    setModel('');
  }

  function chooseMake(value: string) {
    setMake(value);
    setModel('');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (year === null || make === '' || model === '') return;
    const vehicle = { year, make, model };
    garage.add(vehicle);
    if (onChoose) onChoose(vehicle);
    else void navigate(vehiclePartsPath(vehicle));
  }

  // Variants share a model name (YZF-R15 V3 and its special editions): one option per model.
  const modelNames = [...new Set((models.data ?? []).map((m) => m.model))];

  return (
    <form
      onSubmit={submit}
      {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': fitmentTexts.selectorLabel })}
      className="flex flex-col gap-3"
    >
      {/* Compact (the catalogue's top): two by two on phones, one row from tablets up, so the
          parts stay near the top of the screen. The home page gives each control a full row. */}
      <div
        className={`grid items-end gap-3 ${
          compact
            ? 'grid-cols-2 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto]'
            : 'sm:grid-cols-3 lg:grid-cols-[repeat(3,minmax(0,1fr))_auto] lg:gap-4'
        }`}
      >
        <VehicleSelect
          id={`${id}-year`}
          label={fitmentTexts.year}
          value={year === null ? '' : String(year)}
          options={(years.data ?? []).map((y) => ({ value: String(y), label: String(y) }))}
          placeholder={years.isPending ? fitmentTexts.loadingOptions : fitmentTexts.chooseYear}
          disabled={false}
          onChange={chooseYear}
        />
        <VehicleSelect
          id={`${id}-make`}
          label={fitmentTexts.make}
          value={make}
          options={(makes.data ?? []).map((m) => ({ value: m, label: m }))}
          placeholder={
            year === null
              ? fitmentTexts.chooseYearFirst
              : makes.isPending
                ? fitmentTexts.loadingOptions
                : fitmentTexts.chooseMake
          }
          disabled={year === null}
          onChange={chooseMake}
        />
        <VehicleSelect
          id={`${id}-model`}
          label={fitmentTexts.model}
          value={model}
          options={modelNames.map((m) => ({ value: m, label: m }))}
          placeholder={
            make === ''
              ? fitmentTexts.chooseMakeFirst
              : models.isPending
                ? fitmentTexts.loadingOptions
                : fitmentTexts.chooseModel
          }
          disabled={make === ''}
          onChange={setModel}
        />
        <button
          type="submit"
          disabled={!complete}
          className={
            compact
              ? buttonStyles('primary', 'md', 'w-full sm:w-auto')
              : buttonStyles('primary', 'lg', 'w-full sm:col-span-3 lg:col-span-1 lg:w-auto')
          }
        >
          {fitmentTexts.showParts}
        </button>
      </div>
      {failed ? <QueryError onRetry={() => void failed.refetch()} retrying={failed.isFetching} /> : null}
      <ErrorNotice message={garage.error} className="text-sm" />
    </form>
  );
}
