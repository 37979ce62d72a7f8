import type { ImgHTMLAttributes } from 'react';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import { buttonStyles } from '@/components/ui/button-styles';
import { useZoomPan } from '../hooks/use-zoom-pan';

export interface Hotspot {
  number: number;
  /** Where on the drawing, as fractions of its width and height. */
  x: number;
  y: number;
  /** What the callout names ("Brake pad set", "Mirror left, Mirror right"). */
  label: string;
}

interface DiagramViewerProps {
  /** The <img> attributes (src, srcSet, sizes, width, height) and its description. */
  image: ImgHTMLAttributes<HTMLImageElement> & { width: number; height: number };
  alt: string;
  /** In callout order: the buttons are tabbed through in it. */
  hotspots: Hotspot[];
  /** The callout highlighted from the list (or by hovering here), if any. */
  active: number | null;
  onActivate: (number: number | null) => void;
  /** A hotspot was pressed: the page shows its parts. */
  onPress: (number: number) => void;
}

/** "7: Brake pad set" — what a hotspot button is called. */
export function hotspotName(hotspot: Pick<Hotspot, 'number' | 'label'>): string {
  return `${hotspot.number}: ${hotspot.label}`;
}

const zoomButton = buttonStyles('secondary', 'md', 'size-11 px-0 text-lg');

/**
 * The drawing with a numbered button at each callout. Pinch or Ctrl + wheel zooms, dragging pans
 * once zoomed; the buttons under it and +, −, 0 and the arrows on the focused drawing do the same
 * for a keyboard or a mouse without a wheel. The buttons keep their size at any zoom (44 × 44 px
 * to tap), and a focused button out of sight is panned into view.
 */
export function DiagramViewer({ image, alt, hotspots, active, onActivate, onPress }: DiagramViewerProps) {
  const { boxRef, view, zoomIn, zoomOut, reset, showPoint, handlers } = useZoomPan();
  const zoomed = view.scale > 1;
  return (
    <div className="flex flex-col gap-3">
      <div
        ref={boxRef}
        role="group"
        aria-roledescription="zoomable drawing"
        aria-label={`${alt}. ${diagramTexts.zoomIn}: +, ${diagramTexts.zoomOut}: −`}
        // Focusable so the keyboard can zoom and pan it (+, −, 0, arrows), as a map widget is.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        {...handlers}
        // One finger scrolls the page past a whole drawing; zoomed in, it pans the drawing.
        style={{ touchAction: zoomed ? 'none' : 'pan-y' }}
        className={`relative overflow-clip rounded-2xl border border-slate-200 bg-white outline-none select-none focus-visible:ring-4 focus-visible:ring-red-700/40 ${
          zoomed ? 'cursor-grab active:cursor-grabbing' : ''
        }`}
      >
        <div
          className="origin-top-left will-change-transform"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        >
          {/* width and height hold the box's shape before the picture arrives: no layout shift. */}
          <img {...image} alt={alt} draggable={false} fetchPriority="high" className="block h-auto w-full" />
          {hotspots.map((hotspot) => {
            const lit = hotspot.number === active;
            return (
              <button
                key={hotspot.number}
                type="button"
                aria-label={hotspotName(hotspot)}
                aria-current={lit ? 'true' : undefined}
                onClick={() => onPress(hotspot.number)}
                onPointerEnter={() => onActivate(hotspot.number)}
                onPointerLeave={() => onActivate(null)}
                onFocus={() => {
                  onActivate(hotspot.number);
                  showPoint(hotspot.x, hotspot.y);
                }}
                onBlur={() => onActivate(null)}
                style={{
                  left: `${hotspot.x * 100}%`,
                  top: `${hotspot.y * 100}%`,
                  transform: `translate(-50%, -50%) scale(${1 / view.scale})`,
                }}
                // 44 × 44 px to tap, the numbered disc inside it.
                className="group absolute flex size-11 items-center justify-center rounded-full outline-none"
              >
                <span
                  aria-hidden="true"
                  className={`flex size-8 items-center justify-center rounded-full border-2 text-sm font-bold shadow transition-transform group-focus-visible:ring-4 group-focus-visible:ring-sky-500 group-focus-visible:ring-offset-2 ${
                    lit
                      ? 'scale-125 border-red-800 bg-red-700 text-white'
                      : 'border-slate-900 bg-white text-slate-900 group-hover:bg-amber-100'
                  }`}
                >
                  {hotspot.number}
                </span>
              </button>
            );
          })}
        </div>
      </div>
      <div className="flex items-center gap-2">
        <button type="button" className={zoomButton} onClick={zoomIn} aria-label={diagramTexts.zoomIn}>
          <span aria-hidden="true">+</span>
        </button>
        <button type="button" className={zoomButton} onClick={zoomOut} aria-label={diagramTexts.zoomOut}>
          <span aria-hidden="true">−</span>
        </button>
        <button type="button" className={buttonStyles('ghost', 'md')} onClick={reset}>
          {diagramTexts.resetZoom}
        </button>
        <span className="ml-auto text-sm text-slate-600" aria-live="polite">
          {Math.round(view.scale * 100)}%
        </span>
      </div>
    </div>
  );
}
