import type { DeliverySettings } from '@pitstop/core/delivery-promise';

/*
 * Admin → Settings edits the delivery settings in a shape forms can hold: holidays and each
 * carrier's states as lists of rows (react-hook-form's field arrays), turned into the settings'
 * own shape on submit and checked there by DeliverySettingsSchema, the server's rules.
 */

export interface OverrideRow {
  state: string;
  days: number;
}

export interface CarrierRow {
  name: string;
  transitDays: number;
  overrides: OverrideRow[];
}

export interface SettingsFormValues {
  cutoff: string;
  timeZone: string;
  handlingDays: number;
  businessDays: string[];
  holidays: { date: string }[];
  carriers: CarrierRow[];
}

export function toFormValues(settings: DeliverySettings): SettingsFormValues {
  return {
    cutoff: settings.cutoff,
    timeZone: settings.timeZone,
    handlingDays: settings.handlingDays,
    businessDays: [...settings.businessDays],
    holidays: settings.holidays.map((date) => ({ date })),
    carriers: settings.carriers.map((carrier) => ({
      name: carrier.name,
      transitDays: carrier.transitDays,
      overrides: Object.entries(carrier.byState).map(([state, days]) => ({ state, days })),
    })),
  };
}

/** The form's values in the settings' shape, unchecked (the schema checks them next). */
export function fromFormValues(values: SettingsFormValues): Record<string, unknown> {
  return {
    cutoff: values.cutoff,
    timeZone: values.timeZone,
    handlingDays: values.handlingDays,
    // Checkboxes come in the order they were ticked: kept in the week's order.
    businessDays: values.businessDays,
    holidays: values.holidays.map((row) => row.date),
    carriers: values.carriers.map((carrier) => ({
      name: carrier.name,
      transitDays: carrier.transitDays,
      byState: Object.fromEntries(carrier.overrides.map((row) => [row.state, row.days])),
    })),
  };
}

/**
 * Where an issue of the settings (a path of DeliverySettingsSchema, or a field the server named)
 * shows in the form: "carriers.0.byState.CA" is that carrier's CA row (its state, when the state
 * is the problem, else its days); a list's own problem goes to its `root`.
 */
export function formPathOf(path: string, values: SettingsFormValues, stateProblem: boolean): string {
  const parts = path.split('.');
  if (parts[0] === 'holidays') return parts.length > 1 ? `holidays.${parts[1]}.date` : 'holidays.root';
  if (parts[0] === 'carriers') {
    if (parts.length === 1) return 'carriers.root';
    const index = Number(parts[1]);
    if (parts[2] === 'byState' && parts[3]) {
      const row = values.carriers[index]?.overrides.findIndex((o) => o.state === parts[3]) ?? -1;
      if (row >= 0) return `carriers.${index}.overrides.${row}.${stateProblem ? 'state' : 'days'}`;
      return `carriers.${index}.transitDays`;
    }
    return parts.slice(0, 3).join('.');
  }
  return parts[0] ?? 'root';
}
