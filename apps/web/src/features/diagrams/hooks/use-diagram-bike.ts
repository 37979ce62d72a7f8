import { useParams } from 'react-router';
import type { DiagramBike } from '@pitstop/core/diagrams';

/** The bike a diagram address names (make and model as its slugs), or null for a bad year. */
export function useDiagramBike(): DiagramBike | null {
  const { make = '', model = '', year = '' } = useParams();
  const y = Number(year);
  return /^\d{4}$/.test(year) && make && model ? { make, model, year: y } : null;
}
