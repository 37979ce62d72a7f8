import { useParams } from 'react-router';
import { DiagramAssemblyRoute } from './diagram-assembly';
import { DiagramsBikeRoute } from './diagrams-bike';

/**
 * /diagrams/:make/:model/:year[/:slug]: the bike's assemblies, or one of them. One route and one
 * chunk for both, so the storefront's first load carries a single entry for shop by diagram.
 */
export function DiagramsRoute() {
  const { slug } = useParams();
  return slug ? <DiagramAssemblyRoute /> : <DiagramsBikeRoute />;
}
