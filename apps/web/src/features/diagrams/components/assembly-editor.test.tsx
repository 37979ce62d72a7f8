import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import type { AssemblyDetail } from '@pitstop/core/diagrams';
import { mockApi } from '@/testing/api';
import { jsonBodyOf } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { createAssembly, createCallout } from '../testing/assembly-factory';
import { NUDGE, NUDGE_LARGE } from './callout-canvas';
import { AssemblyEditor } from './assembly-editor';

// happy-dom lays nothing out: the picture is 400 × 300 px at (100, 50).
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(100, 50, 400, 300));
});

const BASE = '/api/admin/diagrams/00000000-0000-4000-b000-000000000001';

function setUp(assembly: AssemblyDetail = createAssembly()) {
  let current = assembly;
  const api = mockApi({
    [`POST ${BASE}/callouts`]: (_url, init) => {
      const input = jsonBodyOf(init) as {
        number: number;
        x: number;
        y: number;
        parts: { partNumber: string }[];
      };
      if (input.parts[0]?.partNumber === 'NOPE')
        return jsonResponse(
          {
            status: 400,
            title: 'Bad Request',
            detail: 'Check the callout.',
            errors: [{ field: 'parts.0.partNumber', message: diagramTexts.unknownPartNumber('NOPE') }],
          },
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        );
      current = {
        ...current,
        callouts: [
          ...current.callouts,
          createCallout(input.number, input.x, input.y, [{ name: 'Brake lever' }]),
        ],
      };
      return jsonResponse(current, { status: 201 });
    },
  });
  const callout = current.callouts[0]!;
  const moveKey = `PATCH ${BASE}/callouts/${callout.id}`;
  const deleteKey = `DELETE ${BASE}/callouts/${callout.id}`;
  const routes = api.spy.getMockImplementation();
  api.spy.mockImplementation((input, init) => {
    const url = new URL(typeof input === 'string' ? input : (input as Request).url, 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    if (key === moveKey) {
      const move = jsonBodyOf(init) as { x: number; y: number };
      current = {
        ...current,
        callouts: current.callouts.map((c) => (c.id === callout.id ? { ...c, ...move } : c)),
      };
      return Promise.resolve(jsonResponse(current));
    }
    if (key === deleteKey) {
      current = { ...current, callouts: current.callouts.filter((c) => c.id !== callout.id) };
      return Promise.resolve(jsonResponse(current));
    }
    return routes!(input, init);
  });
  renderWithProviders(<AssemblyEditor assembly={assembly} />);
  return { api, moveKey, deleteKey };
}

const picture = () => screen.getByRole('img', { name: diagramScreenTexts.canvasLabel });
const marker = (name: string) => screen.getByRole('button', { name });

describe('AssemblyEditor', () => {
  it('a click on the picture drops the next callout there; its part number is typed and saved', async () => {
    const { api } = setUp();
    // (300, 200) on a 400 × 300 picture at (100, 50): x 0.5, y 0.5.
    fireEvent.click(picture(), { clientX: 300, clientY: 200 });
    expect(screen.getByRole('status').textContent).toBe(diagramScreenTexts.newCalloutAt(4));
    expect(marker(`4: ${diagramScreenTexts.unsavedCallout}`).style.left).toBe('50%');
    fireEvent.change(screen.getByLabelText(diagramTexts.partNumberLabel), {
      target: { value: 'B7B-H4300-00' },
    });
    fireEvent.change(screen.getByLabelText(diagramTexts.quantityLabel), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: diagramScreenTexts.saveCallout }));
    await waitFor(() => expect(api.callsTo(`POST ${BASE}/callouts`)).toHaveLength(1));
    expect(jsonBodyOf(api.callsTo(`POST ${BASE}/callouts`)[0]!.init)).toEqual({
      number: 4,
      x: 0.5,
      y: 0.5,
      parts: [{ partNumber: 'B7B-H4300-00', quantity: 2, note: null }],
    });
    expect(await screen.findByText(diagramScreenTexts.calloutSaved(4))).toBeTruthy();
  });

  it('shows the server’s refusal of an unknown part number under its box', async () => {
    setUp();
    fireEvent.click(screen.getByRole('button', { name: diagramTexts.addCallout }));
    const box = screen.getByLabelText(diagramTexts.partNumberLabel);
    fireEvent.change(box, { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: diagramScreenTexts.saveCallout }));
    expect(await screen.findByText(diagramTexts.unknownPartNumber('NOPE'))).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });

  it('drags a callout to a new place and saves it once, when it is let go', async () => {
    const { api, moveKey } = setUp();
    const one = marker('1: Caliper body');
    fireEvent.pointerDown(one, { pointerId: 1, button: 0, pointerType: 'mouse', clientX: 180, clientY: 140 });
    fireEvent.pointerMove(one, { pointerId: 1, pointerType: 'mouse', clientX: 250, clientY: 160 });
    fireEvent.pointerMove(one, { pointerId: 1, pointerType: 'mouse', clientX: 400, clientY: 200 });
    expect(one.style.left).toBe('75%');
    expect(api.callsTo(moveKey)).toHaveLength(0);
    fireEvent.pointerUp(one, { pointerId: 1, pointerType: 'mouse', clientX: 400, clientY: 200 });
    fireEvent.click(one);
    await waitFor(() => expect(api.callsTo(moveKey)).toHaveLength(1));
    expect(jsonBodyOf(api.callsTo(moveKey)[0]!.init)).toEqual({ x: 0.75, y: 0.5 });
    expect(await screen.findByText(diagramScreenTexts.calloutMoved(1))).toBeTruthy();
    // Dropping it was not a click on the picture: no new callout.
    expect(screen.queryByText(diagramScreenTexts.newCalloutAt(4))).toBeNull();
  });

  it('nudges the selected callout with the arrow keys (Shift for bigger steps) and deletes it with Delete', async () => {
    const { api, moveKey, deleteKey } = setUp();
    const one = marker('1: Caliper body');
    act(() => one.focus());
    expect(one.getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(one, { key: 'ArrowRight' });
    fireEvent.keyDown(one, { key: 'ArrowRight' });
    fireEvent.keyDown(one, { key: 'ArrowDown', shiftKey: true });
    fireEvent.keyUp(one, { key: 'ArrowDown' });
    await waitFor(() => expect(api.callsTo(moveKey)).toHaveLength(1));
    expect(jsonBodyOf(api.callsTo(moveKey)[0]!.init)).toEqual({ x: 0.21, y: 0.35 });
    expect([NUDGE, NUDGE_LARGE]).toEqual([0.005, 0.05]);

    fireEvent.keyDown(marker('1: Caliper body'), { key: 'Delete' });
    await waitFor(() => expect(api.callsTo(deleteKey)).toHaveLength(1));
    expect(await screen.findByText(diagramScreenTexts.calloutDeleted(1))).toBeTruthy();
  });
});
