/**
 * The id of the non-executed JSON block that carries the server's query answers to the browser.
 * A module of its own, so the entry (main.tsx) can look for the block without the app's code.
 */
export const SSR_STATE_ID = 'ssr-state';
