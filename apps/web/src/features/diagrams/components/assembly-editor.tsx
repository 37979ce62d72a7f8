import { useState } from 'react';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramTexts, type AssemblyDetail, type CalloutInput } from '@pitstop/core/diagrams';
import { buttonStyles } from '@/components/ui/button-styles';
import { isApiError, type ApiFieldError } from '@/lib/api-client';
import { problemText } from '@/lib/error-text';
import { useChangeCallout, type CalloutChange } from '../api/admin-diagrams';
import { CalloutCanvas, DRAFT, type CanvasCallout } from './callout-canvas';
import { CalloutForm, type CalloutDraft } from './callout-form';

/** The next free callout number: one past the highest. */
export function nextNumber(assembly: Pick<AssemblyDetail, 'callouts'>): number {
  return assembly.callouts.reduce((max, c) => Math.max(max, c.number), 0) + 1;
}

/**
 * The callouts of one assembly on its picture: drop, type the part numbers, drag or nudge,
 * delete. Each change is saved as it is made (the server answers the whole assembly).
 */
export function AssemblyEditor({ assembly }: { assembly: AssemblyDetail }) {
  const change = useChangeCallout(assembly.id);
  const [selected, setSelected] = useState<string | null>(null);
  const [draft, setDraft] = useState<CalloutDraft | null>(null);
  const [fieldErrors, setFieldErrors] = useState<ApiFieldError[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');

  const callouts: CanvasCallout[] = assembly.callouts.map((c) => ({
    id: c.id,
    number: c.number,
    x: c.x,
    y: c.y,
    label: c.parts.map((p) => p.name).join(', '),
  }));
  if (draft)
    callouts.push({
      id: DRAFT,
      number: draft.number,
      x: draft.x,
      y: draft.y,
      label: diagramScreenTexts.unsavedCallout,
    });

  function run(what: CalloutChange, done: (saved: AssemblyDetail) => void) {
    setFieldErrors([]);
    setError(null);
    change.mutate(what, {
      onSuccess: done,
      onError: (e) => {
        if (isApiError(e) && e.errors.length > 0) setFieldErrors(e.errors);
        else setError(problemText(e, 'The callout could not be saved.'));
        setSaid('');
      },
    });
  }

  function select(id: string) {
    if (id === selected) return;
    setSelected(id);
    setFieldErrors([]);
    setError(null);
  }

  function drop(x: number, y: number) {
    const number = draft?.number ?? nextNumber(assembly);
    setDraft({ number, x, y, parts: [] });
    select(DRAFT);
    setSaid(diagramScreenTexts.newCalloutAt(number));
    // The part number box is the next thing to fill in.
    requestAnimationFrame(() => document.getElementById('callout-part-0')?.focus());
  }

  function move(id: string, x: number, y: number) {
    if (id === DRAFT) {
      setDraft((d) => (d ? { ...d, x, y } : d));
      return;
    }
    const number = assembly.callouts.find((c) => c.id === id)?.number ?? 0;
    run({ kind: 'move', calloutId: id, move: { x, y } }, () =>
      setSaid(diagramScreenTexts.calloutMoved(number)),
    );
  }

  function remove(id: string) {
    setSelected(null);
    if (id === DRAFT) {
      setDraft(null);
      return;
    }
    const number = assembly.callouts.find((c) => c.id === id)?.number ?? 0;
    run({ kind: 'delete', calloutId: id }, () => setSaid(diagramScreenTexts.calloutDeleted(number)));
  }

  function save(input: CalloutInput) {
    if (selected === DRAFT) {
      run({ kind: 'add', input }, (saved) => {
        setDraft(null);
        setSelected(saved.callouts.find((c) => c.number === input.number)?.id ?? null);
        setSaid(diagramScreenTexts.calloutSaved(input.number));
      });
    } else if (selected) {
      run({ kind: 'replace', calloutId: selected, input }, () =>
        setSaid(diagramScreenTexts.calloutSaved(input.number)),
      );
    }
  }

  const current = assembly.callouts.find((c) => c.id === selected);
  const form: CalloutDraft | null =
    selected === DRAFT
      ? draft
      : current
        ? {
            number: current.number,
            x: current.x,
            y: current.y,
            parts: current.parts.map((p) => ({
              partNumber: p.partNumber,
              quantity: p.quantity,
              name: p.name,
            })),
          }
        : null;

  return (
    <section aria-labelledby="callouts-heading" className="flex flex-col gap-4">
      <h2 id="callouts-heading" className="text-xl font-bold text-slate-900">
        {diagramScreenTexts.calloutsHeading}
      </h2>
      <p id="callouts-hint" className="text-sm text-slate-600">
        {diagramScreenTexts.canvasHint}
      </p>
      <p role="status" aria-live="polite" className="min-h-5 text-sm font-medium text-emerald-800">
        {said}
      </p>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="flex flex-col gap-3 lg:col-span-3">
          <CalloutCanvas
            picture={assembly.picture}
            callouts={callouts}
            selected={selected}
            onSelect={select}
            onDrop={drop}
            onMove={move}
            onDelete={remove}
          />
          <button
            type="button"
            className={buttonStyles('secondary', 'md', 'self-start')}
            onClick={() => drop(0.5, 0.5)}
          >
            {diagramTexts.addCallout}
          </button>
        </div>
        <div className="lg:col-span-2">
          {form ? (
            <CalloutForm
              // A fresh form for each callout selected (and after each save, its stored values).
              key={`${selected}-${current?.number ?? ''}-${current?.parts.map((p) => `${p._id}×${p.quantity}`).join() ?? ''}`}
              callout={form}
              saved={selected !== DRAFT}
              pending={change.isPending}
              errors={fieldErrors}
              error={error}
              onSave={save}
              onDelete={() => selected && remove(selected)}
            />
          ) : (
            <p className="text-slate-600">{diagramTexts.dropCallout}</p>
          )}
        </div>
      </div>
    </section>
  );
}
