import { useId, useState, type ReactNode } from 'react';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import type { AssemblyDetail, CalloutPart } from '@pitstop/core/diagrams';
import { usePreloadImage } from '@/lib/render-context';
import { DIAGRAM_SIZES, pictureSources } from '../utils/picture-sources';
import { calloutRowId, DiagramPartsList } from './diagram-parts-list';
import { DiagramViewer, type Hotspot } from './diagram-viewer';

interface AssemblyViewProps {
  assembly: AssemblyDetail;
  renderActions: (part: CalloutPart) => ReactNode;
}

/** Hotspots for the callouts: each named after its parts ("7: Brake pad set"). */
export function hotspotsOf(assembly: Pick<AssemblyDetail, 'callouts'>): Hotspot[] {
  return assembly.callouts.map((c) => ({
    number: c.number,
    x: c.x,
    y: c.y,
    label: c.parts.map((p) => p.name).join(', ') || diagramTexts.callout(c.number),
  }));
}

/**
 * One assembly: the drawing with its numbered hotspots, and the parts list in callout order
 * beside it (from 1024 px) or below it. Hovering or focusing either lights the other; pressing a
 * number brings its row into view and into focus, so the next Tab is its Add to cart.
 */
export function AssemblyView({ assembly, renderActions }: AssemblyViewProps) {
  const headingId = useId();
  const [active, setActive] = useState<number | null>(null);
  const image = pictureSources(assembly.picture, DIAGRAM_SIZES.drawing);
  // The drawing is the page's largest paint: the server asks for it in the head.
  usePreloadImage(image);

  function press(number: number) {
    setActive(number);
    const row = document.getElementById(calloutRowId(number));
    row?.focus({ preventScroll: true });
    row?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }

  return (
    <div className="grid gap-8 lg:grid-cols-5">
      <div className="lg:sticky lg:top-4 lg:col-span-3 lg:self-start">
        <DiagramViewer
          image={image}
          alt={diagramScreenTexts.drawingLabel(assembly.name)}
          hotspots={hotspotsOf(assembly)}
          active={active}
          onActivate={setActive}
          onPress={press}
        />
        <p className="mt-2 text-sm text-slate-600">{diagramScreenTexts.zoomKeys}</p>
      </div>
      <section aria-labelledby={headingId} className="flex flex-col gap-4 lg:col-span-2">
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-slate-900">
          {diagramTexts.partsList}
        </h2>
        <DiagramPartsList
          headingId={headingId}
          callouts={assembly.callouts}
          active={active}
          onActivate={setActive}
          renderActions={renderActions}
        />
      </section>
    </div>
  );
}
