import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import { renderWithProviders } from '@/testing/render';
import { createAssembly } from '../testing/assembly-factory';
import { AssemblyView } from './assembly-view';

function renderView() {
  const assembly = createAssembly();
  renderWithProviders(
    <AssemblyView
      assembly={assembly}
      renderActions={(part) => <button type="button">{`Add to cart: ${part.name}`}</button>}
    />,
  );
  return assembly;
}

const hotspot = (name: string) => screen.getByRole('button', { name });
const row = (n: number) => screen.getByRole('listitem', { name: (name) => name.startsWith(`Callout ${n}:`) });
const lit = (element: HTMLElement) => element.className.includes('bg-amber-50');
const hotspotLit = (element: HTMLElement) => element.getAttribute('aria-current') === 'true';

describe('AssemblyView', () => {
  it('puts a button named "number: parts" at each callout, in number order, at its place on the drawing', () => {
    renderView();
    const buttons = screen.getAllByRole('button', { name: /^\d+: / });
    // Document order is the Tab order: 1, 2, 3.
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      '1: Caliper body',
      '2: Brake pad set',
      '3: Bleed screw left, Bleed screw right',
    ]);
    expect(buttons.every((b) => b.tabIndex === 0)).toBe(true);
    expect(hotspot('2: Brake pad set').style.left).toBe('50%');
    expect(hotspot('3: Bleed screw left, Bleed screw right').style.top).toBe('60%');
    // 44 × 44 px to tap.
    expect(hotspot('1: Caliper body').className).toContain('size-11');
    // The drawing keeps its shape while it loads, and offers its copies.
    const img = screen.getByRole('img', { name: diagramScreenTexts.drawingLabel('Front brake caliper') });
    expect(img.getAttribute('width')).toBe('1280');
    expect(img.getAttribute('height')).toBe('960');
    expect(img.getAttribute('srcset')).toContain('front-brake-caliper-640w.webp 640w');
  });

  it('lists the parts in callout order with price, stock words, quantity per bike and fit', () => {
    renderView();
    const rows = within(screen.getByRole('list', { name: diagramTexts.partsList })).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual([
      'Callout 1: Caliper body',
      'Callout 2: Brake pad set',
      'Callout 3: Bleed screw left, Bleed screw right',
    ]);
    const pads = row(2);
    expect(pads.textContent).toContain('$34.99');
    expect(pads.textContent).toContain('Only 3 left');
    expect(pads.textContent).toContain(diagramTexts.fits);
    const screws = row(3);
    expect(screws.textContent).toContain(diagramTexts.quantityPerBike(2));
    expect(screws.textContent).toContain(diagramTexts.doesNotFit);
    expect(within(screws).getByRole('button', { name: 'Add to cart: Bleed screw right' })).toBeTruthy();
  });

  it('hovering or focusing a row lights its callout, and hovering or focusing a callout lights its row', () => {
    renderView();
    const pads = hotspot('2: Brake pad set');
    expect(hotspotLit(pads) || lit(row(2))).toBe(false);

    fireEvent.pointerEnter(row(2));
    expect(hotspotLit(pads)).toBe(true);
    fireEvent.pointerLeave(row(2));
    expect(hotspotLit(pads)).toBe(false);

    // Focus inside a row (its Add to cart) lights the callout too, and leaving the row puts it out.
    act(() => within(row(3)).getByRole('button', { name: 'Add to cart: Bleed screw left' }).focus());
    expect(hotspotLit(hotspot('3: Bleed screw left, Bleed screw right'))).toBe(true);
    act(() => (document.activeElement as HTMLElement).blur());
    expect(hotspotLit(hotspot('3: Bleed screw left, Bleed screw right'))).toBe(false);

    fireEvent.pointerEnter(pads);
    expect(lit(row(2))).toBe(true);
    expect(lit(row(1))).toBe(false);
    fireEvent.pointerLeave(pads);
    expect(lit(row(2))).toBe(false);

    act(() => hotspot('1: Caliper body').focus());
    expect(lit(row(1))).toBe(true);
  });

  it('pressing a callout (Enter on it) moves the focus to its row, so the next Tab reaches its Add to cart', () => {
    renderView();
    const pads = hotspot('2: Brake pad set');
    act(() => pads.focus());
    // A button's Enter is its click.
    fireEvent.click(pads);
    expect(document.activeElement).toBe(row(2));
    expect(lit(row(2))).toBe(true);
  });
});
