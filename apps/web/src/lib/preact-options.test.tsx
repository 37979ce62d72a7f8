import { render } from '@testing-library/react';
import { renderToString } from 'preact-render-to-string';
import { hydrate } from 'preact';
import { describe, expect, it } from 'vitest';

// The web tests import lib/preact-options.ts first, as main.tsx and entry-server.tsx do.

function Stock({ count, label }: { count: number; label: string }) {
  return (
    <p>
      {label}: {count} <span>({count})</span>
      {''}
    </p>
  );
}

describe('Preact options', () => {
  it('renders neighbouring text children as one text node', () => {
    const { container } = render(<Stock count={140} label="Available" />);
    const paragraph = container.querySelector('p')!;
    expect([...paragraph.childNodes].map((node) => node.nodeName)).toEqual(['#text', 'SPAN']);
    expect(paragraph.firstChild!.textContent).toBe('Available: 140 ');
    expect(paragraph.querySelector('span')!.childNodes).toHaveLength(1);
  });

  it('hydrates server markup without changing a node', async () => {
    const container = document.createElement('div');
    // The markup is our own component's, rendered here.
    // eslint-disable-next-line no-unsanitized/property
    container.innerHTML = renderToString(<Stock count={7} label="Left" />);
    document.body.append(container);
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(container, { subtree: true, childList: true, characterData: true, attributes: true });

    hydrate(<Stock count={7} label="Left" />, container);
    await new Promise((resolve) => setTimeout(resolve, 0));
    changes.push(...observer.takeRecords());
    observer.disconnect();

    expect(changes).toEqual([]);
    expect(container.textContent).toBe('Left: 7 (7)');
    container.remove();
  });
});
