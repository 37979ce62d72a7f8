import { useActiveVehicle } from '../hooks/use-garage-vehicles';
import { MyGarage } from './my-garage';
import { VehicleSelector } from './vehicle-selector';

/**
 * The home page's bike picker: the selector, preset to the active bike, above My Garage. One
 * module, so the home screen can load it after its own first paint.
 */
export function FindPartsPanel({ labelledBy }: { labelledBy: string }) {
  const active = useActiveVehicle();
  return (
    <div className="flex flex-col gap-5">
      <VehicleSelector initial={active} labelledBy={labelledBy} />
      <MyGarage linkToParts className="border-t border-slate-200 pt-4" />
    </div>
  );
}
