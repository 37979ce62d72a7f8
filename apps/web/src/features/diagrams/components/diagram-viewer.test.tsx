import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import { renderWithProviders } from '@/testing/render';
import { bringIntoView, clampView, zoomAbout } from '../hooks/use-zoom-pan';
import { DiagramViewer, type Hotspot } from './diagram-viewer';

const HOTSPOTS: Hotspot[] = [
  { number: 1, x: 0.1, y: 0.1, label: 'Caliper body' },
  { number: 2, x: 0.9, y: 0.9, label: 'Brake pad set' },
];

// happy-dom lays nothing out: the drawing's box is 400 × 300 px at the page's top left.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(300);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 400, 300));
});

function renderViewer() {
  const onPress = vi.fn();
  renderWithProviders(
    <DiagramViewer
      image={{ src: '/d.webp', width: 1280, height: 960 }}
      alt="Drawing of the front brake caliper"
      hotspots={HOTSPOTS}
      active={null}
      onActivate={() => undefined}
      onPress={onPress}
    />,
  );
  const box = screen.getByRole('group', { name: /^Drawing of the front brake caliper/ });
  const layer = box.firstElementChild as HTMLElement;
  return { onPress, box, layer, zoom: () => screen.getByText(/^\d+%$/).textContent };
}

describe('DiagramViewer zoom and pan', () => {
  it('zooms in and out with its buttons about the middle, never below the whole drawing', () => {
    const { layer, zoom } = renderViewer();
    expect(zoom()).toBe('100%');
    fireEvent.click(screen.getByRole('button', { name: diagramTexts.zoomIn }));
    expect(zoom()).toBe('150%');
    // The middle (200, 150) stays put: the drawing moved by −100, −75.
    expect(layer.style.transform).toBe('translate(-100px, -75px) scale(1.5)');
    fireEvent.click(screen.getByRole('button', { name: diagramTexts.zoomIn }));
    expect(zoom()).toBe('225%');
    fireEvent.click(screen.getByRole('button', { name: diagramTexts.zoomOut }));
    fireEvent.click(screen.getByRole('button', { name: diagramTexts.zoomOut }));
    fireEvent.click(screen.getByRole('button', { name: diagramTexts.zoomOut }));
    expect(zoom()).toBe('100%');
    expect(layer.style.transform).toBe('translate(0px, 0px) scale(1)');
  });

  it('keeps the hotspots 44 px to tap at any zoom', () => {
    renderViewer();
    fireEvent.click(screen.getByRole('button', { name: diagramTexts.zoomIn }));
    expect(screen.getByRole('button', { name: '1: Caliper body' }).style.transform).toBe(
      `translate(-50%, -50%) scale(${1 / 1.5})`,
    );
  });

  it('zooms and pans by keyboard on the focused drawing: +, −, 0 and the arrows', () => {
    const { box, layer, zoom } = renderViewer();
    act(() => box.focus());
    // Arrows scroll the page while the whole drawing shows.
    expect(fireEvent.keyDown(box, { key: 'ArrowLeft' })).toBe(true);
    fireEvent.keyDown(box, { key: '+' });
    fireEvent.keyDown(box, { key: '+' });
    expect(zoom()).toBe('225%');
    const before = layer.style.transform;
    // Zoomed, an arrow pans and the page does not scroll.
    expect(fireEvent.keyDown(box, { key: 'ArrowRight' })).toBe(false);
    expect(layer.style.transform).not.toBe(before);
    expect(layer.style.transform).toBe('translate(-290px, -187.5px) scale(2.25)');
    fireEvent.keyDown(box, { key: '-' });
    expect(zoom()).toBe('150%');
    fireEvent.keyDown(box, { key: '0' });
    expect(zoom()).toBe('100%');
  });

  it('pinches with two fingers and pans with one once zoomed; a tap still presses a hotspot', () => {
    const { box, layer, zoom, onPress } = renderViewer();
    fireEvent.pointerDown(box, { pointerId: 1, pointerType: 'touch', clientX: 150, clientY: 150 });
    fireEvent.pointerDown(box, { pointerId: 2, pointerType: 'touch', clientX: 250, clientY: 150 });
    // The fingers spread from 100 to 200 px apart: twice the size.
    fireEvent.pointerMove(box, { pointerId: 2, pointerType: 'touch', clientX: 350, clientY: 150 });
    fireEvent.pointerMove(box, { pointerId: 1, pointerType: 'touch', clientX: 50, clientY: 150 });
    expect(Number(zoom()!.replace('%', ''))).toBeGreaterThan(200);
    fireEvent.pointerUp(box, { pointerId: 1, pointerType: 'touch' });
    fireEvent.pointerUp(box, { pointerId: 2, pointerType: 'touch' });
    expect(box.style.touchAction).toBe('none');

    const before = layer.style.transform;
    fireEvent.pointerDown(box, { pointerId: 3, pointerType: 'touch', clientX: 200, clientY: 150 });
    fireEvent.pointerMove(box, { pointerId: 3, pointerType: 'touch', clientX: 240, clientY: 170 });
    fireEvent.pointerUp(box, { pointerId: 3, pointerType: 'touch' });
    expect(layer.style.transform).not.toBe(before);

    // A tap (no movement) reaches the hotspot under it.
    const pads = screen.getByRole('button', { name: '2: Brake pad set' });
    fireEvent.pointerDown(pads, { pointerId: 4, pointerType: 'touch', clientX: 10, clientY: 10 });
    fireEvent.pointerUp(pads, { pointerId: 4, pointerType: 'touch' });
    fireEvent.click(pads);
    expect(onPress).toHaveBeenCalledWith(2);
  });
});

describe('the view rules', () => {
  it('keeps the zoomed drawing covering its box and between 100% and 400%', () => {
    expect(clampView({ scale: 2, x: 50, y: -1000 }, 400, 300)).toEqual({ scale: 2, x: 0, y: -300 });
    expect(clampView({ scale: 9, x: 0, y: 0 }, 400, 300).scale).toBe(4);
    expect(zoomAbout({ scale: 1, x: 0, y: 0 }, 0.5, 0, 0, 400, 300)).toEqual({ scale: 1, x: 0, y: 0 });
    // The point zoomed about stays where it is.
    const view = zoomAbout({ scale: 1, x: 0, y: 0 }, 2, 100, 100, 400, 300);
    expect(100 - view.x).toBe(200);
  });

  it('brings a focused hotspot that is out of sight into the middle', () => {
    const view = { scale: 2, x: 0, y: 0 };
    // (0.9, 0.9) is at 720, 540 px: out of the 400 × 300 box.
    expect(bringIntoView(view, 0.9, 0.9, 400, 300)).toEqual({ scale: 2, x: -400, y: -300 });
    // In sight already: the view is left as it is.
    expect(bringIntoView(view, 0.1, 0.1, 400, 300)).toBe(view);
  });
});
