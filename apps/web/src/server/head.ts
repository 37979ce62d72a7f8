import { shopTexts } from '@pitstop/core/messages';
import type { PageMeta, PreloadedImage } from '@/lib/render-context';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** JSON inside <script>: no "</script>", "<!--" or line separators can end or break the block. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The address a page's canonical link names: the one the page names itself (a part:
 * `/parts/<id>`; the catalogue: its view written the one way its links are, see parts.tsx), else
 * the path it was asked for without a query. The path is written as the server's page route
 * moves every other spelling to (301): lower case, no trailing or doubled slash.
 */
export function canonicalUrl(meta: Pick<PageMeta, 'canonicalPath'>, origin: string, url: string): string {
  const path =
    meta.canonicalPath ??
    (url.split('?')[0] ?? '/')
      .replace(/\/{2,}/g, '/')
      .replace(/(.)\/$/, '$1')
      .toLowerCase();
  return new URL(path, origin).href;
}

/** A page's meta with its structured data built (PageMeta's jsonLd may load its builders first). */
export type ResolvedPageMeta = Omit<PageMeta, 'jsonLd'> & {
  jsonLd?: (origin: string) => readonly object[];
};

/**
 * The page's head: title, description and canonical address for search engines; Open Graph and
 * Twitter tags for link previews; structured data; a preload of the page's largest picture (the
 * same `srcset` and `sizes` as its `<img>`, so the browser fetches the file it will show). Tags
 * that describe only this page carry data-page-meta, so the browser drops them after navigating
 * elsewhere.
 */
export function renderHead(
  meta: ResolvedPageMeta,
  origin: string,
  url: string,
  largestImage?: PreloadedImage,
): string {
  const canonical = canonicalUrl(meta, origin, url);
  const image = meta.image ? new URL(meta.image, origin).href : undefined;
  const attr = escapeHtml;
  const page = 'data-page-meta';
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${attr(meta.description)}" />`,
    `<link rel="canonical" href="${attr(canonical)}" />`,
    `<meta property="og:site_name" content="${attr(shopTexts.shopName)}" ${page} />`,
    `<meta property="og:type" content="${meta.type === 'product' ? 'product' : 'website'}" ${page} />`,
    `<meta property="og:title" content="${attr(meta.title)}" ${page} />`,
    `<meta property="og:description" content="${attr(meta.description)}" ${page} />`,
    `<meta property="og:url" content="${attr(canonical)}" ${page} />`,
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" ${page} />`,
    `<meta name="twitter:title" content="${attr(meta.title)}" ${page} />`,
    `<meta name="twitter:description" content="${attr(meta.description)}" ${page} />`,
  ];
  if (image) {
    tags.push(
      `<meta property="og:image" content="${attr(image)}" ${page} />`,
      `<meta name="twitter:image" content="${attr(image)}" ${page} />`,
    );
  }
  if (largestImage) {
    const { src, srcSet, sizes, media } = largestImage;
    const responsive = srcSet ? ` imagesrcset="${attr(srcSet)}" imagesizes="${attr(sizes ?? '100vw')}"` : '';
    const onlyWhere = media ? ` media="${attr(media)}"` : '';
    tags.push(
      `<link rel="preload" as="image" href="${attr(src)}"${responsive}${onlyWhere} fetchpriority="high" ${page} />`,
    );
  }
  for (const block of meta.jsonLd?.(origin) ?? []) {
    tags.push(`<script type="application/ld+json" ${page}>${scriptJson(block)}</script>`);
  }
  return tags.join('\n    ');
}
