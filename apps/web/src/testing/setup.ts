// As in the app: Preact's options (lib/preact-options.ts).
import '@/lib/preact-options';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Lazy routes are transformed on first import; beside the API suites on two busy cores that can
// take longer than the default second, which is a slow machine, not a failure.
configure({ asyncUtilTimeout: 5_000 });

// happy-dom's selectedness algorithm keeps the wrong option when a selected option joins a
// select that already has one (it keeps the option at the index of the count of selected ones,
// where browsers keep the last selected). Preact selects a <select>'s default by marking its
// option before inserting it, so the default read back as the second option. Browsers keep the
// last one; so does this.
{
  const proto = window.HTMLSelectElement.prototype as unknown as Record<symbol, unknown>;
  const key = Object.getOwnPropertySymbols(proto).find((s) => s.description === 'updateSelectedness');
  const original = key ? (proto[key] as (this: HTMLSelectElement, option?: HTMLOptionElement) => void) : null;
  if (!key || !original) throw new Error('happy-dom changed: see the select fix in testing/setup.ts');
  proto[key] = function (this: HTMLSelectElement, option?: HTMLOptionElement) {
    if (!option && !this.multiple) {
      const selected = [...this.options].filter((o) => o.selected);
      if (selected.length >= 2) option = selected.at(-1);
    }
    original.call(this, option);
  };
}

// Unexpected console.error output (React warnings, act() problems, failed prop types) fails the
// test that caused it instead of scrolling past as noise.
let consoleError: { mock: { calls: unknown[][] } };

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  const calls = consoleError.mock.calls;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  if (calls.length > 0) {
    throw new Error(
      `console.error was called:\n${calls.map((args: unknown[]) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});
