import { fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * The error text shown for a form control: the element its aria-describedby names with an
 * "-error" id. Read as textContent so the catalogue's leading spaces (' Name is Required') count.
 */
export function errorTextFor(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
}

/** Picks files in a file input. */
export function pickFiles(control: HTMLElement, files: File[]): void {
  fireEvent.change(control, { target: { files } });
}

/** The JSON body a mocked fetch was called with. */
export function jsonBodyOf(init: RequestInit | undefined): unknown {
  return typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
}

/**
 * Answers window.confirm with the given answers in turn (the last one repeats). happy-dom has no
 * confirm; the stub is removed after each test (setup.ts).
 */
export function mockConfirm(...answers: boolean[]) {
  const confirm = vi.fn<(message?: string) => boolean>();
  for (const answer of answers) confirm.mockReturnValueOnce(answer);
  confirm.mockReturnValue(answers.at(-1) ?? true);
  vi.stubGlobal('confirm', confirm);
  return confirm;
}
