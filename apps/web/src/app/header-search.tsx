import { useLocation, useNavigate } from 'react-router';
import type { HeaderSearchSlot } from '@/components/layout/navbar';
import { useActiveVehicle } from '@/features/fitment/hooks/use-garage-vehicles';
import {
  currentPartFilters,
  parsePartFilters,
  partsHref,
  toSearchParams,
  withFilters,
  withSearch,
  type PartFilters,
} from '@/features/parts/api/part-filters';
import { partPath } from '@/features/parts/components/part-card';
import { SearchCombobox } from '@/features/search/components/search-combobox';

/**
 * The search box in every page's header: the search feature's combobox, told which bike the
 * rider shops for (fitment) and where a search goes (the catalogue's filters).
 *
 * On /parts it is the catalogue's own search box: it shows the search in effect and keeps the
 * view's bike and filters, as that page's box always did. Anywhere else a search opens /parts for
 * the garage's active bike, so "brak pad" from the home page lists the pads for the rider's bike;
 * the suggestions mark which parts fit it before Enter is pressed.
 */
export function HeaderSearch({ onDismiss }: HeaderSearchSlot) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const active = useActiveVehicle();
  const onCatalogue = pathname === '/parts';
  const filters: PartFilters = onCatalogue ? parsePartFilters(new URLSearchParams(search)) : {};
  const from: PartFilters = onCatalogue ? filters : active ? { bike: active } : {};
  // The bike the marks speak of: the catalogue's, else the active one (as the part cards do).
  const vehicle = filters.bike ?? active;

  function go(next: PartFilters) {
    // The same view again (Enter on an unchanged search) is no new history entry; compared with
    // the address as it is now, which may be ahead of this render (see currentPartFilters).
    const same =
      window.location.pathname === '/parts' &&
      toSearchParams(next).toString() === toSearchParams(currentPartFilters()).toString();
    if (!same) void navigate(partsHref(next));
  }

  return (
    <SearchCombobox
      compact
      value={filters.q ?? ''}
      vehicle={vehicle}
      onDismiss={onDismiss}
      onSearch={(text) => go(withSearch(from, text))}
      onPickPart={(id) => void navigate(partPath(id))}
      onPickVehicle={(bike) => go(withFilters(from, { bike }))}
    />
  );
}
