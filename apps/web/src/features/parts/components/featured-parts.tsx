import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HOME_PARTS } from '@pitstop/core/catalogue';
import type { Vehicle } from '@pitstop/core/fitment';
import type { Part } from '@pitstop/core/parts';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import { useHomeParts } from '../api/get-parts';
import { PartCard } from './part-card';
import { PartsGrid } from './parts-grid';
import { PartsGridSkeleton } from './parts-grid-skeleton';

/** The home page's first six parts (each saying whether it fits the rider's bike) and the way on. */
interface FeaturedPartsProps {
  vehicle?: Vehicle | null;
  /** An action for each card beside Buy Now (the screen plugs in "Add to cart"). */
  renderPartAction?: (part: Part) => ReactNode;
}

export function FeaturedParts({ vehicle = null, renderPartAction }: FeaturedPartsProps) {
  const query = useHomeParts();

  return (
    <div className="flex flex-col gap-8">
      {query.isPending ? (
        <PartsGridSkeleton count={HOME_PARTS} />
      ) : query.isError ? (
        <QueryError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <PartsGrid>
          {query.data.parts.map((part) => (
            <li key={part._id}>
              <PartCard part={part} headingLevel={3} vehicle={vehicle} action={renderPartAction?.(part)} />
            </li>
          ))}
        </PartsGrid>
      )}
      <div className="flex justify-center">
        <Link to="/parts" className={buttonStyles('primary', 'lg')}>
          See All Parts
        </Link>
      </div>
    </div>
  );
}
