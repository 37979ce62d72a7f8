import type { QueryClient } from '@tanstack/react-query';
import type { GarageVehicle } from '@pitstop/core/fitment';
import { isApiError } from '@/lib/api-client';
import { clearLocalGarage, getLocalGarage } from '../stores/local-garage';
import { activateGarageVehicle } from './activate-garage-vehicle';
import { addGarageVehicle } from './add-garage-vehicle';
import { fitmentKeys } from './fitment-query-keys';
import { getGarage } from './get-garage';

let inFlight: Promise<void> | null = null;

async function merge(queryClient: QueryClient): Promise<void> {
  const local = getLocalGarage();
  if (local.length === 0) return;
  const localActive = local.find((v) => v.active);
  // POST /api/garage makes each added bike active, so the browser's active bike goes last and
  // stays active. Without one, the bike active on the server before the merge is put back.
  const activeBefore = localActive ? undefined : (await getGarage()).find((v) => v.active);
  const ordered = [...local.filter((v) => !v.active).reverse(), ...(localActive ? [localActive] : [])];

  let garage: GarageVehicle[] | undefined;
  try {
    for (const bike of ordered) garage = await addGarageVehicle(bike);
    if (activeBefore) garage = await activateGarageVehicle(activeBefore.id);
  } catch (error) {
    // A refusal (a full garage) will not change by asking again: give up on the browser's copy.
    // A network failure or an ended session keeps it for the next time.
    if (isApiError(error) && error.isRefusal) {
      clearLocalGarage();
      await queryClient.invalidateQueries({ queryKey: fitmentKeys.garage() });
    }
    throw error;
  }
  // A garage read that started before the merge must not land on top of its answer.
  await queryClient.cancelQueries({ queryKey: fitmentKeys.garage() });
  if (garage) queryClient.setQueryData(fitmentKeys.garage(), garage);
  clearLocalGarage();
}

/**
 * At sign-in, the bikes a visitor saved in this browser move to their account: each is added on
 * the server (the active one stays active) and the browser's copy is cleared. Several screens
 * may ask at once; they share one run.
 */
export function mergeLocalGarage(queryClient: QueryClient): Promise<void> {
  inFlight ??= merge(queryClient).finally(() => {
    inFlight = null;
  });
  return inFlight;
}
