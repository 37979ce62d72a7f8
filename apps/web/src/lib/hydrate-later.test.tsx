import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'preact-render-to-string';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useBrowserState } from '@/hooks/use-browser-state';
import { afterLaterHydration, HydrateLater, hydrateInSteps } from './hydrate-later';

function Counter({ label }: { label: string }) {
  const [clicks, setClicks] = useState(0);
  return <button onClick={() => setClicks((n) => n + 1)}>{`${label} ${clicks}`}</button>;
}

const noSubscription = () => () => {};

/** Browser-only state: "browser" in the browser, "server" in the server's markup. */
function Where() {
  const where = useBrowserState(
    noSubscription,
    () => 'browser',
    () => 'server',
  );
  return <p data-where={where}>{where}</p>;
}

function Page() {
  return (
    <div>
      <Where />
      <Counter label="first" />
      <HydrateLater>
        <section>
          <Counter label="later" />
          <HydrateLater>
            <p>
              <Counter label="nested" />
            </p>
          </HydrateLater>
        </section>
      </HydrateLater>
    </div>
  );
}

const button = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.startsWith(label))!;

describe('HydrateLater', () => {
  it('renders its children at once outside a hydration', () => {
    render(<Page />);
    expect(screen.getByText('browser')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'nested 0' }));
    expect(screen.getByRole('button', { name: 'nested 1' })).toBeTruthy();
  });

  it('hydrates its part of the server markup in a later task, in place, and a part inside it later still', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    // The server's markup, as the page arrives with it (made here by the server's renderer).
    // eslint-disable-next-line no-unsanitized/property
    container.innerHTML = renderToString(<Page />);
    const sent = [...container.querySelectorAll('*')];

    await act(() => hydrateInSteps(() => hydrateRoot(container, <Page />)));
    // The first pass is alive; the later part still stands as the server sent it.
    fireEvent.click(button(container, 'first'));
    fireEvent.click(button(container, 'later'));
    await act(() => Promise.resolve());
    expect(button(container, 'first').textContent).toBe('first 1');
    expect(button(container, 'later').textContent).toBe('later 0');
    // Until every part is alive the page stays the server's, browser state included.
    expect(container.querySelector('[data-where]')?.getAttribute('data-where')).toBe('server');

    // One turn later the part is alive, and the part inside it still waits for a turn of its own.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    fireEvent.click(button(container, 'later'));
    fireEvent.click(button(container, 'nested'));
    await act(() => Promise.resolve());
    expect(button(container, 'later').textContent).toBe('later 1');
    expect(button(container, 'nested').textContent).toBe('nested 0');

    await act(() => afterLaterHydration());
    fireEvent.click(button(container, 'later'));
    fireEvent.click(button(container, 'nested'));
    await act(() => Promise.resolve());
    expect(button(container, 'later').textContent).toBe('later 2');
    expect(button(container, 'nested').textContent).toBe('nested 1');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.querySelector('[data-where]')?.getAttribute('data-where')).toBe('browser');
    // Hydrated, not rendered again: every element the server sent is still the one on screen.
    const shown = [...container.querySelectorAll('*')];
    expect(shown).toHaveLength(sent.length);
    expect(shown.filter((element, i) => element !== sent[i])).toEqual([]);
    container.remove();
  });
});
