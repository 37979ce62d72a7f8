import { describe, expect, it } from 'vitest';
import { composePage, modulePreloads, type RenderedPage, type WebBuild } from './server-render.js';

// A build as Vite's manifest describes it: the entry with its shared chunk, and screens that
// import chunks of their own (one at depth two), the entry's shared chunk, or the entry itself.
const build: WebBuild = {
  template:
    '<html><head><title>Shop</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>',
  manifest: {
    'src/main.tsx': { file: 'assets/index.js', isEntry: true, imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime.js' },
    'src/app/routes/parts.tsx': { file: 'assets/parts.js', imports: ['_runtime.js', '_card.js'] },
    '_card.js': { file: 'assets/card.js', imports: ['_money.js'] },
    '_money.js': { file: 'assets/money.js' },
    'src/features/search/search-box.tsx': { file: 'assets/search-box.js', imports: ['_money.js'] },
    'src/features/fitment/bike-picker.tsx': { file: 'assets/bike-picker.js', imports: ['src/main.tsx'] },
  },
  entryFiles: new Set(['assets/index.js', 'assets/runtime.js']),
  entryScripts: new Set(['assets/index.js']),
};

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe('modulePreloads', () => {
  it('lists the screens’ chunks for the head and every chunk they import for the body, once each, without the entry’s', () => {
    const preloads = modulePreloads(build, [
      'src/app/routes/parts.tsx',
      'src/features/search/search-box.tsx',
    ]);
    expect(hrefs(preloads.head)).toEqual(['/assets/parts.js', '/assets/search-box.js']);
    expect(hrefs(preloads.body)).toEqual(['/assets/card.js', '/assets/money.js']);
    for (const tag of [...preloads.head.split('\n'), ...preloads.body.split('\n')]) {
      expect(tag.trim()).toMatch(
        /^<link rel="modulepreload" crossorigin fetchpriority="low" href="[^"]+" \/>$/,
      );
    }
  });

  it('names the entry script when a screen imports from it, though not the chunks the entry preloads', () => {
    const preloads = modulePreloads(build, ['src/features/fitment/bike-picker.tsx']);
    expect(hrefs(preloads.head)).toEqual(['/assets/bike-picker.js']);
    expect(hrefs(preloads.body)).toEqual(['/assets/index.js']);
  });

  it('lists nothing for a page that rendered no lazy screen, or one the manifest does not know', () => {
    expect(modulePreloads(build, [])).toEqual({ head: '', body: '' });
    expect(modulePreloads(build, ['src/app/routes/gone.tsx'])).toEqual({ head: '', body: '' });
  });
});

describe('composePage', () => {
  it('puts the screens’ chunks in the head and the chunks they import after the page’s state', () => {
    const page: RenderedPage = {
      status: 200,
      head: '<title>Parts</title>',
      body: '<main>Parts</main>',
      state: '{"queries":[]}',
      modules: ['src/app/routes/parts.tsx'],
    };
    const html = composePage(build.template, page, modulePreloads(build, page.modules));
    const head = html.slice(0, html.indexOf('</head>'));
    const afterState = html.slice(html.indexOf('id="ssr-state"'));
    expect(hrefs(head)).toEqual(['/assets/parts.js']);
    expect(hrefs(afterState)).toEqual(['/assets/card.js', '/assets/money.js']);
    expect(html).toContain('<div id="root"><main>Parts</main></div>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});
