import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { GarageVehicle, Vehicle } from '@pitstop/core/fitment';
import { fitmentTexts, garageTexts } from '@pitstop/core/vehicle-fit';
import { problemText } from '@/lib/error-text';
import { useActivateGarageVehicle } from '../api/activate-garage-vehicle';
import { useAddGarageVehicle } from '../api/add-garage-vehicle';
import { mergeLocalGarage } from '../api/merge-local-garage';
import { useRemoveGarageVehicle } from '../api/remove-garage-vehicle';
import { activateLocalVehicle, addLocalVehicle, removeLocalVehicle } from '../stores/local-garage';
import { useGarageVehicles } from './use-garage-vehicles';

export interface Garage {
  /** Every saved bike, the active one first. */
  vehicles: GarageVehicle[];
  active: GarageVehicle | null;
  /** Saves the bike (or finds it saved) and makes it active. */
  add: (vehicle: Vehicle) => void;
  remove: (id: string) => void;
  activate: (id: string) => void;
  /** The server's garage is loading, changing, or taking in the browser's bikes. */
  isPending: boolean;
  /** What went wrong with the last change, as a sentence to show. */
  error: string | null;
}

/**
 * My Garage, wherever it lives: in this browser for a visitor, on the server for a signed-in
 * customer. On sign-in the browser's bikes are merged into the account's and then cleared.
 */
export function useGarage(): Garage {
  const queryClient = useQueryClient();
  const { vehicles, local, isSignedIn, isLoading } = useGarageVehicles();
  const addOnServer = useAddGarageVehicle();
  const removeOnServer = useRemoveGarageVehicle();
  const activateOnServer = useActivateGarageVehicle();
  const [localError, setLocalError] = useState<string | null>(null);
  const merging = isSignedIn && local.length > 0;

  // The browser's garage and the account's are two outside systems to bring together.
  useEffect(() => {
    if (!isSignedIn || local.length === 0) return;
    // A failure leaves the browser's bikes in place, shown as they are, for the next page.
    mergeLocalGarage(queryClient).catch(() => undefined);
  }, [isSignedIn, local.length, queryClient]);

  // Ids of bikes still in the browser (visitor, or mid-merge) are local; the rest are the server's.
  const isLocal = (id: string) => local.some((v) => v.id === id);

  // Each change starts with a clean slate: an old failure should not outlive the next attempt.
  function clearErrors() {
    setLocalError(null);
    addOnServer.reset();
    removeOnServer.reset();
    activateOnServer.reset();
  }

  function add(vehicle: Vehicle) {
    clearErrors();
    if (isSignedIn) addOnServer.mutate(vehicle);
    else if (!addLocalVehicle(vehicle)) setLocalError(garageTexts.full);
  }

  function remove(id: string) {
    clearErrors();
    if (isLocal(id)) removeLocalVehicle(id);
    else removeOnServer.mutate(id);
  }

  function activate(id: string) {
    clearErrors();
    if (isLocal(id)) activateLocalVehicle(id);
    else activateOnServer.mutate(id);
  }

  const failed = addOnServer.error ?? removeOnServer.error ?? activateOnServer.error;
  return {
    vehicles,
    active: vehicles.find((v) => v.active) ?? null,
    add,
    remove,
    activate,
    isPending:
      isLoading || merging || addOnServer.isPending || removeOnServer.isPending || activateOnServer.isPending,
    error: localError ?? (failed ? problemText(failed, fitmentTexts.garageFailed) : null),
  };
}
