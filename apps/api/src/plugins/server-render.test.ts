import { describe, expect, it } from 'vitest';
import type { RenderedPage } from '@pitstop/core/rendered-page';
import { composePage } from './server-render.js';

const template =
  '<html><head><title>Shop</title><meta name="description" content="x" />' +
  '<script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';

describe('composePage', () => {
  it('puts the page’s head in the head, its markup in the root and its state after it', () => {
    const page: RenderedPage = {
      status: 200,
      head: '<title>Parts</title>',
      body: '<main>Parts</main>',
      state: '{"queries":[],"modules":["src/app/routes/parts.tsx"]}',
      modules: ['src/app/routes/parts.tsx'],
    };
    const html = composePage(template, page);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Parts</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('name="description" content="x"');
    // Only the entry: the app's code is fetched once the page has been painted, and the screens
    // the page rendered are loaded by the app (their list travels in the page's state).
    expect([...head.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual(['/assets/index.js']);
    expect(head).not.toContain('modulepreload');
    expect(html).toContain(
      '<div id="root"><main>Parts</main></div>\n    <script type="application/json" id="ssr-state">{"queries":[],"modules":["src/app/routes/parts.tsx"]}</script>',
    );
  });

  it('keeps replacement patterns in the page’s text as they are', () => {
    const page: RenderedPage = {
      status: 200,
      head: "<title>$& $'</title>",
      body: '$`',
      state: '{}',
      modules: [],
    };
    const html = composePage(template, page);
    expect(html).toContain("<title>$& $'</title>");
    expect(html).toContain('<div id="root">$`</div>');
  });
});
