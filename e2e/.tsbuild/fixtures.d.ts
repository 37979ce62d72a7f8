import { type Browser, type Page } from 'playwright-core';
/** The flags this machine needs for headless Chromium (no sandbox as root, no network chatter). */
export declare const CHROMIUM_ARGS: string[];
export declare const baseURL: () => string;
export interface PageOptions {
    width?: number;
    height?: number;
    /** Console errors a test provokes on purpose (a failed request it staged). */
    expectedConsoleErrors?: RegExp;
}
export interface BrowserFixture {
    browser: Browser;
    /** A fresh page (own context) that fails the test on any console error or page error. */
    newPage(options?: PageOptions): Promise<Page>;
}
/** One browser per test file; every page's console errors fail the test that made them. */
export declare function useBrowser(): BrowserFixture;
/** axe on the page as it stands: serious and critical violations fail. */
export declare function expectNoSeriousA11yViolations(page: Page): Promise<void>;
/** Signs in through the API (not the UI) and hands the page the access key, as the SPA keeps it. */
export declare function signInAs(page: Page, email: string, password: string): Promise<string>;
/** The message(s) a form shows for a field: FormField ties them to the input with aria-describedby. */
export declare function fieldError(page: Page, label: string): Promise<string>;
