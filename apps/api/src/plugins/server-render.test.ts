import { describe, expect, it } from 'vitest';
import { composePage, modulePreloads, type RenderedPage, type WebBuild } from './server-render.js';

// A build as Vite's manifest describes it: the entry with its shared chunk, and screens that
// import chunks of their own, the entry's shared chunk, or the entry itself.
const build: WebBuild = {
  template:
    '<html><head><title>Shop</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
  manifest: {
    'src/main.tsx': { file: 'assets/index.js', isEntry: true, imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime.js' },
    'src/app/routes/parts.tsx': { file: 'assets/parts.js', imports: ['_runtime.js', '_card.js'] },
    '_card.js': { file: 'assets/card.js' },
    'src/features/search/search-box.tsx': { file: 'assets/search-box.js', imports: ['src/main.tsx'] },
  },
  entryFiles: new Set(['assets/index.js', 'assets/runtime.js']),
};

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe('modulePreloads', () => {
  it('names the screens’ own chunks, once each, at low priority, and not what they import', () => {
    const preloads = modulePreloads(build, [
      'src/app/routes/parts.tsx',
      'src/features/search/search-box.tsx',
      'src/app/routes/parts.tsx',
    ]);
    expect(hrefs(preloads)).toEqual(['/assets/parts.js', '/assets/search-box.js']);
    for (const tag of preloads.split('\n')) {
      expect(tag.trim()).toMatch(
        /^<link rel="modulepreload" crossorigin fetchpriority="low" href="[^"]+" \/>$/,
      );
    }
  });

  it('names nothing for a page that rendered no lazy screen, one the entry loads, or one the manifest does not know', () => {
    expect(modulePreloads(build, [])).toBe('');
    expect(modulePreloads(build, ['src/main.tsx'])).toBe('');
    expect(modulePreloads(build, ['src/app/routes/gone.tsx'])).toBe('');
  });
});

describe('composePage', () => {
  it('puts the page’s head and preloads in the head, its markup in the root and its state after it', () => {
    const page: RenderedPage = {
      status: 200,
      head: '<title>Parts</title>',
      body: '<main>Parts</main>',
      state: '{"queries":[]}',
      modules: ['src/app/routes/parts.tsx'],
    };
    const html = composePage(build.template, page, modulePreloads(build, page.modules));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(hrefs(head)).toEqual(['/assets/parts.js']);
    expect(head).toContain('<title>Parts</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).not.toContain('name="description" content="x"');
    expect(html).toContain(
      '<div id="root"><main>Parts</main></div>\n    <script type="application/json" id="ssr-state">{"queries":[]}</script>',
    );
  });
});
