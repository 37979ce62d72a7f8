import { describe, expect, it } from 'vitest';
import { canonicalUrl, renderHead } from './head';

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

  it('preloads the page’s largest picture with the srcset and sizes its <img> has, and nothing without one', () => {
    const meta = { title: 'Parts', description: 'd' };
    const head = renderHead(meta, 'https://shop.example', '/parts', {
      src: '/images/parts/pads.webp',
      srcSet: '/images/parts/pads-320w.webp 320w, /images/parts/pads.webp 640w',
      sizes: '(min-width: 640px) 50vw, 100vw',
    });
    expect(head).toContain(
      '<link rel="preload" as="image" href="/images/parts/pads.webp" imagesrcset="/images/parts/pads-320w.webp 320w, /images/parts/pads.webp 640w" imagesizes="(min-width: 640px) 50vw, 100vw" fetchpriority="high" data-page-meta />',
    );
    expect(renderHead(meta, 'https://shop.example', '/parts', { src: '/uploads/a.webp' })).toContain(
      '<link rel="preload" as="image" href="/uploads/a.webp" fetchpriority="high" data-page-meta />',
    );
    expect(renderHead(meta, 'https://shop.example', '/parts')).not.toContain('rel="preload"');
  });

  it('limits a preload to the screens its media query names', () => {
    const head = renderHead({ title: 'Parts', description: 'd' }, 'https://shop.example', '/parts', {
      src: '/images/parts/pads.webp',
      media: '(min-width: 1024px)',
    });
    expect(head).toContain(
      '<link rel="preload" as="image" href="/images/parts/pads.webp" media="(min-width: 1024px)" fetchpriority="high" data-page-meta />',
    );
  });
});

describe('canonicalUrl', () => {
  const origin = 'https://shop.example';

  it('names a page without its own address by its path: lower case, no query, no trailing or doubled slash', () => {
    expect(canonicalUrl({}, origin, '/about')).toBe('https://shop.example/about');
    expect(canonicalUrl({}, origin, '/About/?utm_source=x')).toBe('https://shop.example/about');
    expect(canonicalUrl({}, origin, '//blog//')).toBe('https://shop.example/blog');
    expect(canonicalUrl({}, origin, '/')).toBe('https://shop.example/');
    expect(canonicalUrl({}, origin, '/?ref=ad')).toBe('https://shop.example/');
  });

  it('names the address the page gives, query included', () => {
    expect(
      canonicalUrl({ canonicalPath: '/parts?year=2019&make=Yamaha&model=R15' }, origin, '/Parts/?model=R15'),
    ).toBe('https://shop.example/parts?year=2019&make=Yamaha&model=R15');
  });
});
