import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

/** How far in a drawing can be zoomed; 1 is the whole drawing in its box. */
export const MAX_ZOOM = 4;
/** One press of Zoom in (or +) multiplies the zoom by this. */
export const ZOOM_STEP = 1.5;
/** An arrow key pans this many pixels of the box. */
export const PAN_STEP = 40;
// A press that moves less than this is a tap (a hotspot's click), not a pan.
const DRAG_THRESHOLD = 4;

export interface View {
  scale: number;
  /** The drawing's offset in the box, in CSS pixels (never positive: the box stays covered). */
  x: number;
  y: number;
}

export const WHOLE_DRAWING: View = { scale: 1, x: 0, y: 0 };

const clampNumber = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

/** Keeps the zoomed drawing covering its box: no empty band at any side. */
export function clampView(view: View, width: number, height: number): View {
  const scale = clampNumber(view.scale, 1, MAX_ZOOM);
  return {
    scale,
    x: clampNumber(view.x, width - width * scale, 0),
    y: clampNumber(view.y, height - height * scale, 0),
  };
}

/** The view zoomed by `factor` about the box's point (cx, cy), which stays where it is. */
export function zoomAbout(view: View, factor: number, cx: number, cy: number, width: number, height: number) {
  const scale = clampNumber(view.scale * factor, 1, MAX_ZOOM);
  const ratio = scale / view.scale;
  return clampView({ scale, x: cx - (cx - view.x) * ratio, y: cy - (cy - view.y) * ratio }, width, height);
}

/** The view panned so the drawing's point (fx, fy), fractions of its size, is in sight. */
export function bringIntoView(view: View, fx: number, fy: number, width: number, height: number): View {
  const margin = 32;
  const px = fx * width * view.scale + view.x;
  const py = fy * height * view.scale + view.y;
  let { x, y } = view;
  if (px < margin || px > width - margin) x = width / 2 - fx * width * view.scale;
  if (py < margin || py > height - margin) y = height / 2 - fy * height * view.scale;
  return x === view.x && y === view.y ? view : clampView({ ...view, x, y }, width, height);
}

interface Press {
  x: number;
  y: number;
}

/**
 * Pinch-zoom and pan of a drawing in its box, by pointer (one finger or the mouse pans once
 * zoomed, two fingers pinch), by the zoom buttons and by keyboard (+, −, 0, arrows) on the box.
 * The box is `overflow: clip`, so focusing a hotspot never scrolls it behind the view's back.
 */
export function useZoomPan() {
  const boxRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>(WHOLE_DRAWING);
  const presses = useRef(new Map<number, Press>());
  const dragged = useRef(false);
  const start = useRef<Press | null>(null);

  const size = useCallback(() => {
    const box = boxRef.current;
    return { width: box?.clientWidth ?? 0, height: box?.clientHeight ?? 0 };
  }, []);

  const zoomBy = useCallback(
    (factor: number, at?: { x: number; y: number }) => {
      const { width, height } = size();
      setView((v) => zoomAbout(v, factor, at?.x ?? width / 2, at?.y ?? height / 2, width, height));
    },
    [size],
  );
  const panBy = useCallback(
    (dx: number, dy: number) => {
      const { width, height } = size();
      setView((v) => clampView({ ...v, x: v.x + dx, y: v.y + dy }, width, height));
    },
    [size],
  );
  const reset = useCallback(() => setView(WHOLE_DRAWING), []);
  const showPoint = useCallback(
    (fx: number, fy: number) => {
      const { width, height } = size();
      setView((v) => (v.scale === 1 ? v : bringIntoView(v, fx, fy, width, height)));
    },
    [size],
  );

  // A trackpad's pinch (and Ctrl + wheel) zooms the drawing, not the page. React's wheel
  // listener is passive, so preventing the page's zoom needs one of our own.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    function onWheel(event: WheelEvent) {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const rect = box!.getBoundingClientRect();
      zoomBy(Math.exp(-event.deltaY / 200), { x: event.clientX - rect.left, y: event.clientY - rect.top });
    }
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, [zoomBy]);

  function local(event: PointerEvent): Press {
    const rect = boxRef.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const point = local(event);
    presses.current.set(event.pointerId, point);
    if (presses.current.size === 1) {
      start.current = point;
      dragged.current = false;
    }
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const before = presses.current.get(event.pointerId);
    if (!before) return;
    const point = local(event);
    if (presses.current.size >= 2) {
      const [a, b] = [...presses.current.entries()].map(([id, p]) => (id === event.pointerId ? point : p));
      const [pa, pb] = [...presses.current.values()];
      if (a && b && pa && pb) {
        const was = Math.hypot(pa.x - pb.x, pa.y - pb.y);
        const now = Math.hypot(a.x - b.x, a.y - b.y);
        const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
        const midWas = { x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2 };
        const { width, height } = size();
        setView((v) => {
          const zoomed = was > 0 ? zoomAbout(v, now / was, mid.x, mid.y, width, height) : v;
          return clampView(
            { ...zoomed, x: zoomed.x + mid.x - midWas.x, y: zoomed.y + mid.y - midWas.y },
            width,
            height,
          );
        });
      }
      dragged.current = true;
      if (!event.currentTarget.hasPointerCapture(event.pointerId))
        event.currentTarget.setPointerCapture(event.pointerId);
    } else {
      const from = start.current ?? before;
      if (!dragged.current && Math.hypot(point.x - from.x, point.y - from.y) < DRAG_THRESHOLD) return;
      // Captured only once it is a pan: a tap must reach the hotspot under it as a click.
      if (!dragged.current) event.currentTarget.setPointerCapture(event.pointerId);
      dragged.current = true;
      panBy(point.x - before.x, point.y - before.y);
    }
    presses.current.set(event.pointerId, point);
  }

  function onPointerEnd(event: PointerEvent<HTMLDivElement>) {
    presses.current.delete(event.pointerId);
  }

  /** After a pan or pinch, the click that ends it is not a hotspot's press. */
  function onClickCapture(event: { stopPropagation(): void; preventDefault(): void }) {
    if (!dragged.current) return;
    dragged.current = false;
    event.stopPropagation();
    event.preventDefault();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // Only the box's own keys: a hotspot's Enter and Space stay its own.
    const keys: Record<string, () => void> = {
      '+': () => zoomBy(ZOOM_STEP),
      '=': () => zoomBy(ZOOM_STEP),
      '-': () => zoomBy(1 / ZOOM_STEP),
      '0': reset,
      ArrowLeft: () => panBy(PAN_STEP, 0),
      ArrowRight: () => panBy(-PAN_STEP, 0),
      ArrowUp: () => panBy(0, PAN_STEP),
      ArrowDown: () => panBy(0, -PAN_STEP),
    };
    const action = keys[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    // Arrows scroll the page unless the drawing is zoomed and they pan it.
    if (event.key.startsWith('Arrow') && view.scale === 1) return;
    event.preventDefault();
    action();
  }

  return {
    boxRef,
    view,
    zoomIn: () => zoomBy(ZOOM_STEP),
    zoomOut: () => zoomBy(1 / ZOOM_STEP),
    reset,
    showPoint,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: onPointerEnd,
      onPointerCancel: onPointerEnd,
      onClickCapture,
      onKeyDown,
    },
  };
}
