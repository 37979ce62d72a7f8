import { PartCardSkeleton } from './part-card-skeleton';
import { partsGridClass } from './parts-grid';

interface PartsGridSkeletonProps {
  count: number;
  label?: string;
}

/** Placeholder cards in the real grid, plus a status message for screen readers. */
export function PartsGridSkeleton({ count, label = 'Loading parts' }: PartsGridSkeletonProps) {
  return (
    <div>
      <p role="status" aria-label={label} className="sr-only">
        {label}…
      </p>
      <div className={partsGridClass}>
        {Array.from({ length: count }, (_, i) => (
          <PartCardSkeleton key={i} />
        ))}
      </div>
    </div>
  );
}
