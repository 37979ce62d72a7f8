import { describe, expect, it } from 'vitest';
import { renderHead } from './head';

describe('renderHead', () => {
  it('writes title, description, canonical and link-preview tags, escaped', () => {
    const head = renderHead(
      {
        title: 'Pads "Pro" <R15> | Pitstop Parts',
        description: 'Fits & stops',
        image: '/images/p.svg',
        type: 'product',
      },
      'https://shop.example',
      '/parts/abc?utm=x',
    );
    expect(head).toContain('<title>Pads &quot;Pro&quot; &lt;R15&gt; | Pitstop Parts</title>');
    expect(head).toContain('<meta name="description" content="Fits &amp; stops" />');
    expect(head).toContain('<link rel="canonical" href="https://shop.example/parts/abc" />');
    expect(head).toContain('<meta property="og:type" content="product" data-page-meta />');
    expect(head).toContain(
      '<meta property="og:image" content="https://shop.example/images/p.svg" data-page-meta />',
    );
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" data-page-meta />');
  });

  it('keeps the canonical query when the page names one, and sends JSON-LD that cannot close its block', () => {
    const head = renderHead(
      {
        title: 'Honda parts',
        description: 'd',
        canonicalPath: '/parts?brand=Honda',
        jsonLd: (origin) => [
          { '@type': 'Thing', url: `${origin}/x`, name: '</script><script>alert(1)</script>' },
        ],
      },
      'https://shop.example',
      '/parts?brand=Honda&utm=1',
    );
    expect(head).toContain('<link rel="canonical" href="https://shop.example/parts?brand=Honda" />');
    const block = /<script type="application\/ld\+json" data-page-meta>(.*?)<\/script>/.exec(head);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual({
      '@type': 'Thing',
      url: 'https://shop.example/x',
      name: '</script><script>alert(1)</script>',
    });
    expect(head).not.toContain('summary_large_image');
  });
});
