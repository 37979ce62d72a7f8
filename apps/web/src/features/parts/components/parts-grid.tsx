import type { ReactNode } from 'react';

export const partsGridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** The responsive grid every list of part cards uses. Children are the <li> items. */
export function PartsGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className={partsGridClass} aria-label={label}>
      {children}
    </ul>
  );
}
