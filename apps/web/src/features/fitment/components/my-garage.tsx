import { useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { diagramBikePath } from '@pitstop/core/diagram-paths';
import type { GarageVehicle, Vehicle } from '@pitstop/core/fitment';
import { fitmentTexts, vehicleLabel, vehiclePartsPath } from '@pitstop/core/vehicle-fit';
import { ErrorNotice } from '@/components/ui/notice';
import { useGarage } from '../hooks/use-garage';

interface MyGarageProps {
  /** The active bike's name opens its parts (the home page); on /parts it is plain text. */
  linkToParts?: boolean;
  /** After switching to another saved bike; by default, open /parts for it. */
  onSwitch?: (vehicle: Vehicle) => void;
  /** After a bike is removed (the catalogue may stop filtering by it). */
  onRemove?: (vehicle: Vehicle) => void;
  className?: string;
}

function BikeIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5 shrink-0" fill="none" aria-hidden="true">
      <circle cx="5.5" cy="16.5" r="3.5" stroke="currentColor" strokeWidth="2" />
      <circle cx="18.5" cy="16.5" r="3.5" stroke="currentColor" strokeWidth="2" />
      <path
        d="M5.5 16.5 9 10h5l4.5 6.5M14 10l-1.5-4H16m-7 4-1-2H6"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function RemoveButton({ vehicle, onClick, dark }: { vehicle: Vehicle; onClick: () => void; dark: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={fitmentTexts.remove(vehicle)}
      title={fitmentTexts.remove(vehicle)}
      className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full text-lg leading-none ${
        dark
          ? 'text-slate-200 hover:bg-white/15 hover:text-white'
          : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900'
      }`}
    >
      <span aria-hidden="true">×</span>
    </button>
  );
}

/**
 * My Garage: the active bike as a removable chip, and the other saved bikes to switch to. The
 * same for visitors (kept in the browser) and customers (kept in their account).
 */
export function MyGarage({ linkToParts = false, onSwitch, onRemove, className = '' }: MyGarageProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const garage = useGarage();
  const { active } = garage;
  const others = garage.vehicles.filter((v) => !v.active);

  function remove(vehicle: GarageVehicle) {
    garage.remove(vehicle.id);
    onRemove?.(vehicle);
    // The pressed button is gone: keep the keyboard in the garage rather than at the page's top.
    headingRef.current?.focus();
  }

  function switchTo(vehicle: GarageVehicle) {
    garage.activate(vehicle.id);
    if (onSwitch) onSwitch(vehicle);
    else void navigate(vehiclePartsPath(vehicle));
  }

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={garage.isPending}
      className={`flex flex-col gap-2 ${className}`}
    >
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-sm font-semibold uppercase tracking-wide text-slate-600 outline-none"
      >
        {fitmentTexts.garageHeading}
      </h2>
      {garage.vehicles.length === 0 ? (
        <p className="text-sm text-slate-600">{fitmentTexts.garageEmpty}</p>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:gap-3">
          {active ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <span>{fitmentTexts.activeBike}</span>
              <span className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-slate-900 py-0.5 pr-0.5 pl-3 font-semibold text-white">
                <BikeIcon />
                {linkToParts ? (
                  <Link
                    to={vehiclePartsPath(active)}
                    className="min-w-0 truncate underline-offset-2 hover:underline"
                  >
                    {vehicleLabel(active)}
                  </Link>
                ) : (
                  <span className="min-w-0 truncate">{vehicleLabel(active)}</span>
                )}
                <RemoveButton vehicle={active} onClick={() => remove(active)} dark />
              </span>
              {/* Shop from the factory's drawings of this bike. */}
              <Link
                to={diagramBikePath(active)}
                className="inline-flex min-h-9 items-center font-semibold text-red-700 underline underline-offset-4 hover:text-red-800"
              >
                {fitmentTexts.partsDiagrams}
              </Link>
            </p>
          ) : null}
          {others.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <span id={`${headingId}-others`}>
                {active ? fitmentTexts.otherBikes : fitmentTexts.yourBikes}
              </span>
              <ul aria-labelledby={`${headingId}-others`} className="flex flex-wrap gap-2">
                {others.map((vehicle) => (
                  <li
                    key={vehicle.id}
                    className="inline-flex max-w-full items-center rounded-full border border-slate-300 bg-white pl-1"
                  >
                    <button
                      type="button"
                      onClick={() => switchTo(vehicle)}
                      aria-label={fitmentTexts.switchTo(vehicle)}
                      className="min-h-9 min-w-0 truncate rounded-full px-2.5 font-medium text-slate-900 hover:bg-slate-100"
                    >
                      {vehicleLabel(vehicle)}
                    </button>
                    <RemoveButton vehicle={vehicle} onClick={() => remove(vehicle)} dark={false} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
      <ErrorNotice message={garage.error} className="text-sm" />
    </section>
  );
}
