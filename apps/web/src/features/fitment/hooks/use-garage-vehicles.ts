import { useQuery } from '@tanstack/react-query';
import type { GarageVehicle } from '@pitstop/core/fitment';
import { useIsSignedIn } from '@/lib/session';
import { getGarageQueryOptions } from '../api/get-garage';
import { useLocalGarage } from '../stores/local-garage';

const EMPTY: GarageVehicle[] = [];

/**
 * The garage as the rider sees it, read only: the server's when signed in, the browser's
 * otherwise. Right after sign-in the browser still holds bikes until they are merged
 * (useGarage does that), and those are what is shown meanwhile. Light on purpose (no mutations),
 * so screens that only need the active bike can load it up front.
 */
export function useGarageVehicles() {
  const isSignedIn = useIsSignedIn();
  const local = useLocalGarage();
  const server = useQuery({ ...getGarageQueryOptions(), enabled: isSignedIn });
  const fromServer = isSignedIn && local.length === 0;
  return {
    vehicles: fromServer ? (server.data ?? EMPTY) : local,
    local,
    isSignedIn,
    isLoading: fromServer && server.isPending,
  };
}

/** The bike the shop fits parts to, or null when none is chosen. */
export function useActiveVehicle(): GarageVehicle | null {
  return useGarageVehicles().vehicles.find((v) => v.active) ?? null;
}
