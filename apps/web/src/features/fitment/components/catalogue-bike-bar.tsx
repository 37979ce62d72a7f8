import { Link, useNavigate } from 'react-router';
import type { Vehicle } from '@pitstop/core/fitment';
import { fitmentTexts, sameVehicle } from '@pitstop/core/vehicle-fit';
import { useActiveVehicle } from '../hooks/use-garage-vehicles';
import { MyGarage } from './my-garage';
import { VehicleSelector } from './vehicle-selector';

interface CatalogueBikeBarProps {
  /** The bike the catalogue is narrowed to (the URL's), or null. */
  bike: Vehicle | null;
  /** The catalogue's address for a bike, or for every bike (null), keeping its other filters. */
  hrefFor: (bike: Vehicle | null) => string;
}

/**
 * The top of the catalogue: the selector (preset to the bike shown, else the active one) and My
 * Garage. Choosing or switching a bike narrows the catalogue to it; removing that bike widens it.
 */
export function CatalogueBikeBar({ bike, hrefFor }: CatalogueBikeBarProps) {
  const navigate = useNavigate();
  const active = useActiveVehicle();
  const show = (next: Vehicle | null) => void navigate(hrefFor(next), { preventScrollReset: true });

  return (
    <div className="mb-8 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <VehicleSelector compact initial={bike ?? active} onChoose={show} />
      <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 md:flex-row md:items-end md:justify-between">
        <MyGarage
          onSwitch={show}
          onRemove={(removed) => {
            if (bike && sameVehicle(bike, removed)) show(null);
          }}
        />
        {!bike && active ? (
          <Link
            to={hrefFor(active)}
            preventScrollReset
            className="text-sm font-semibold text-red-700 underline underline-offset-4 hover:text-red-800"
          >
            {fitmentTexts.onlyFitting(active)}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
