import { createContext, useContext } from 'react';

/** What a page says about itself to search engines and link previews (server-rendered head). */
export interface PageMeta {
  title: string;
  description: string;
  /** Path and query of the page's one address; the current address when absent. */
  canonicalPath?: string;
  /** An absolute or root-relative picture for Open Graph and Twitter cards. */
  image?: string;
  /**
   * JSON-LD blocks (schema.org) for the shop's origin, emitted by the server as non-executed
   * <script type="application/ld+json">. A function, so the browser never builds them; it may
   * load its builders with import() (the server waits), so the browser never downloads them either.
   */
  jsonLd?: (origin: string) => readonly object[] | Promise<readonly object[]>;
  type?: 'website' | 'product';
}

/**
 * Filled while the server renders a page: the HTTP status the page asks for (404 for the
 * not-found page and an unknown part) and its head. In the browser there is no context, and
 * the hooks below do nothing during render.
 */
export interface RenderContext {
  /** The shop's public origin, for canonical and Open Graph addresses. */
  readonly origin: string;
  /** Path and query of the request. */
  readonly url: string;
  setStatus(status: number): void;
  setMeta(meta: PageMeta): void;
  /** A lazily loaded module the page rendered (its source path), for modulepreload. */
  addModule(source: string): void;
  /** The page's largest picture, preloaded from the head (the first one a page names wins). */
  preloadImage(image: PreloadedImage): void;
}

/** A picture as `<img>` shows it: what a `<link rel="preload" as="image">` must repeat. */
export interface PreloadedImage {
  src: string;
  srcSet?: string;
  sizes?: string;
  /** Only on screens that match this media query (where the picture is in the first view). */
  media?: string;
}

export const RenderContextValue = createContext<RenderContext | null>(null);

/** The server answers this page with `status` (a client-side render has no status to set). */
export function useHttpStatus(status: number): void {
  const context = useContext(RenderContextValue);
  context?.setStatus(status);
}

/**
 * Names the picture this component shows as the page's largest (its LCP element), so the server
 * preloads it from the head: the request starts with the first bytes of the page instead of when
 * the parser reaches the picture. Call it beside the `<img fetchPriority="high">`.
 */
export function usePreloadImage(image: PreloadedImage | null): void {
  const context = useContext(RenderContextValue);
  if (image) context?.preloadImage(image);
}
