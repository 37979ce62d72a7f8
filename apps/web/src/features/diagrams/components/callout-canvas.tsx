import { useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import type { DiagramPicture } from '@pitstop/core/diagrams';

export interface CanvasCallout {
  /** The stored callout's id, or DRAFT for the one dropped and not saved yet. */
  id: string;
  number: number;
  x: number;
  y: number;
  label: string;
}

export const DRAFT = 'draft';
/** An arrow key moves a callout 0.5 % of the picture; with Shift, 5 %. */
export const NUDGE = 0.005;
export const NUDGE_LARGE = 0.05;
const DRAG_THRESHOLD = 3;

const clamp01 = (n: number) => Math.min(1, Math.max(0, Math.round(n * 10_000) / 10_000));

interface CalloutCanvasProps {
  picture: DiagramPicture;
  callouts: CanvasCallout[];
  selected: string | null;
  onSelect: (id: string) => void;
  /** A click on the picture itself (not on a callout): a new callout there. */
  onDrop: (x: number, y: number) => void;
  /** A callout was dragged or nudged to a new place (once, when the move ends). */
  onMove: (id: string, x: number, y: number) => void;
  onDelete: (id: string) => void;
}

interface Moving {
  id: string;
  x: number;
  y: number;
  /** Where the pointer went down, to tell a drag from a click. */
  fromX: number;
  fromY: number;
  dragging: boolean;
}

/**
 * The admin's picture with its callouts: click the picture to drop one, drag a number to move
 * it, or select it and nudge it with the arrow keys (Shift: bigger steps); Delete removes it.
 * Positions are fractions of the picture, clamped to it: a callout cannot leave the picture.
 */
export function CalloutCanvas({
  picture,
  callouts,
  selected,
  onSelect,
  onDrop,
  onMove,
  onDelete,
}: CalloutCanvasProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [moving, setMoving] = useState<Moving | null>(null);
  // A drag ends with a click on the box; it is not a drop.
  const justDragged = useRef(false);

  function fractionAt(clientX: number, clientY: number) {
    const rect = boxRef.current!.getBoundingClientRect();
    return { x: clamp01((clientX - rect.left) / rect.width), y: clamp01((clientY - rect.top) / rect.height) };
  }

  function onBoxClick(event: MouseEvent<HTMLDivElement>) {
    if (justDragged.current) {
      justDragged.current = false;
      return;
    }
    if ((event.target as HTMLElement).closest('button')) return;
    const { x, y } = fractionAt(event.clientX, event.clientY);
    onDrop(x, y);
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>, callout: CanvasCallout) {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setMoving({
      id: callout.id,
      x: callout.x,
      y: callout.y,
      fromX: event.clientX,
      fromY: event.clientY,
      dragging: false,
    });
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>) {
    if (!moving || !event.currentTarget.hasPointerCapture(event.pointerId)) return;
    const far = Math.hypot(event.clientX - moving.fromX, event.clientY - moving.fromY) >= DRAG_THRESHOLD;
    if (!moving.dragging && !far) return;
    setMoving({ ...moving, ...fractionAt(event.clientX, event.clientY), dragging: true });
  }

  function onPointerUp(callout: CanvasCallout) {
    const done = moving;
    setMoving(null);
    if (done?.dragging) {
      justDragged.current = true;
      onSelect(callout.id);
      if (done.x !== callout.x || done.y !== callout.y) onMove(callout.id, done.x, done.y);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, callout: CanvasCallout) {
    const step = event.shiftKey ? NUDGE_LARGE : NUDGE;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const from = moving?.id === callout.id ? moving : { ...callout, fromX: 0, fromY: 0, dragging: false };
      setMoving({ ...from, id: callout.id, x: clamp01(from.x + move[0]), y: clamp01(from.y + move[1]) });
      onSelect(callout.id);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onDelete(callout.id);
    }
  }

  /** Arrow keys move as long as they are held; the new place is saved when they are let go. */
  function onKeyUp(event: KeyboardEvent<HTMLButtonElement>, callout: CanvasCallout) {
    if (!event.key.startsWith('Arrow') || moving?.id !== callout.id) return;
    const done = moving;
    setMoving(null);
    if (done.x !== callout.x || done.y !== callout.y) onMove(callout.id, done.x, done.y);
  }

  return (
    // Clicking the picture drops a callout; the keyboard's way is the Add callout button beside it.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      ref={boxRef}
      onClick={onBoxClick}
      className="relative cursor-crosshair touch-none overflow-clip rounded-2xl border border-slate-300 bg-white select-none"
    >
      <img
        src={picture.src}
        width={picture.width}
        height={picture.height}
        alt={diagramScreenTexts.canvasLabel}
        draggable={false}
        className="block h-auto w-full"
      />
      {callouts.map((callout) => {
        const place = moving?.id === callout.id ? moving : callout;
        const isSelected = callout.id === selected;
        return (
          <button
            key={callout.id}
            type="button"
            aria-label={`${callout.number}: ${callout.label}`}
            aria-pressed={isSelected}
            onClick={() => onSelect(callout.id)}
            onFocus={() => onSelect(callout.id)}
            onPointerDown={(event) => onPointerDown(event, callout)}
            onPointerMove={onPointerMove}
            onPointerUp={() => onPointerUp(callout)}
            onPointerCancel={() => setMoving(null)}
            onKeyDown={(event) => onKeyDown(event, callout)}
            onKeyUp={(event) => onKeyUp(event, callout)}
            style={{ left: `${place.x * 100}%`, top: `${place.y * 100}%` }}
            className="group absolute flex size-11 -translate-x-1/2 -translate-y-1/2 cursor-move items-center justify-center rounded-full outline-none"
          >
            <span
              aria-hidden="true"
              className={`flex size-8 items-center justify-center rounded-full border-2 text-sm font-bold shadow group-focus-visible:ring-4 group-focus-visible:ring-sky-500 ${
                isSelected
                  ? 'border-red-800 bg-red-700 text-white'
                  : 'border-slate-900 bg-white text-slate-900'
              } ${callout.id === DRAFT ? 'border-dashed' : ''}`}
            >
              {callout.number}
            </span>
          </button>
        );
      })}
    </div>
  );
}
