import { useContext, useEffect } from 'react';
import { shopTexts } from '@pitstop/core/messages';
import { RenderContextValue, type PageMeta } from '@/lib/render-context';

/** Builds the document title shown in tabs and search results: "<page> | Pitstop Parts". */
export function formatDocumentTitle(title: string | undefined): string {
  return title
    ? `${title} | ${shopTexts.shopName}`
    : `${shopTexts.shopName} | Genuine motorcycle and vehicle parts`;
}

export type PageMetaExtras = Omit<PageMeta, 'title' | 'description'>;

// The address the server rendered: its page-specific head tags (Open Graph, JSON-LD) describe
// that page only, and are dropped once the visitor has moved on to another one.
const firstAddress = typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;

function setHeadTag(selector: string, create: () => HTMLElement, apply: (element: HTMLElement) => void) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.append(element);
  }
  apply(element);
}

function setAttributeIfChanged(element: HTMLElement, name: string, value: string) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * Keeps the head in step with the screen. On the server it records the page's title,
 * description, canonical address, picture and structured data for the HTML head; in the browser
 * it updates <title>, the description and the canonical link after each navigation.
 */
export function useDocumentMeta(
  title: string | undefined,
  description: string,
  extras: PageMetaExtras = {},
): void {
  const context = useContext(RenderContextValue);
  context?.setMeta({ title: formatDocumentTitle(title), description, ...extras });

  const canonicalPath = extras.canonicalPath;
  useEffect(() => {
    // Only what changed: on a server-rendered page the head is already right.
    const documentTitle = formatDocumentTitle(title);
    if (document.title !== documentTitle) document.title = documentTitle;
    setHeadTag(
      'meta[name="description"]',
      () => Object.assign(document.createElement('meta'), { name: 'description' }),
      (meta) => setAttributeIfChanged(meta, 'content', description),
    );
    const path = canonicalPath ?? window.location.pathname;
    setHeadTag(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      (link) => setAttributeIfChanged(link, 'href', new URL(path, window.location.origin).href),
    );
    if (window.location.pathname + window.location.search !== firstAddress) {
      for (const stale of document.head.querySelectorAll('[data-page-meta]')) stale.remove();
    }
  }, [title, description, canonicalPath]);
}
