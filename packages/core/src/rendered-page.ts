import { z } from 'zod';

/**
 * One server-rendered page, as the web app's server bundle (apps/web/src/entry-server.tsx) hands
 * it to the API's page route (apps/api/src/plugins/server-render.ts). The two are built apart
 * (`vite build --ssr` and `tsc`) and meet only at run time, so the API checks what it loads
 * against this schema instead of trusting a type.
 */
export const RenderedPageSchema = z.object({
  /**
   * The HTTP status the page asks for: 200; 404 for the not-found page and an unknown part; 500
   * when the page's data failed to load; 503 while the database is down (sent with Retry-After).
   */
  status: z.number().int().min(200).max(599),
  /** Tags for <head>: title, description, canonical, Open Graph, JSON-LD. */
  head: z.string(),
  /** The markup for <div id="root">. */
  body: z.string(),
  /** The dehydrated query cache, safe to place in <script type="application/json">. */
  state: z.string(),
  /** Source paths of the lazily loaded modules the page rendered (Vite manifest keys). */
  modules: z.array(z.string()),
});
export type RenderedPage = z.infer<typeof RenderedPageSchema>;
