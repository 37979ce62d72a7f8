import { Suspense } from 'react';
import { useParams } from 'react-router';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import { Spinner } from '@/components/ui/spinner';
import { lazyModule } from '@/lib/lazy-module';
import { DiagramAssemblyRoute } from './diagram-assembly';
import { DiagramsBikeRoute } from './diagrams-bike';

// The admin's screens (forms, zod, the editor) in a chunk of their own, asked for from here so the
// router (in the storefront's first load) holds one entry for the diagrams, not two.
const DiagramsAdminRoute = lazyModule('src/app/routes/diagrams-admin.tsx', () =>
  import('./diagrams-admin').then((m) => m.DiagramsAdminRoute),
);

/**
 * /diagrams/:make/:model/:year[/:slug]: the bike's assemblies, or one of them (public). With
 * `admin`: /dashboard/diagrams/* (the router guards it).
 */
export function DiagramsRoute({ admin = false }: { admin?: boolean }) {
  const { slug } = useParams();
  if (admin)
    return (
      <Suspense fallback={<Spinner label={diagramTexts.adminHeading} className="py-10" />}>
        <DiagramsAdminRoute />
      </Suspense>
    );
  return slug ? <DiagramAssemblyRoute /> : <DiagramsBikeRoute />;
}
