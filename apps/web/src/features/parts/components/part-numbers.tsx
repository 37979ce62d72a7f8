import { useEffect, useId, useRef, useState } from 'react';
import { PART_NUMBER_KINDS, partNumberTexts } from '@pitstop/core/part-number-texts';
import type { PartNumber } from '@pitstop/core/part-numbers';
import { buttonStyles } from '@/components/ui/button-styles';

/** How long a copied number's button says "Copied" (and the status says so). */
const COPIED_MS = 2500;

/** Puts a number on the clipboard; false when the browser will not let the page do so. */
async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard (an insecure address, an old browser) or permission refused.
    return false;
  }
}

/** Selects an element's text, so the rider can copy it with the keyboard. */
function selectText(element: HTMLElement | null) {
  const selection = window.getSelection();
  if (!element || !selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * A part's other numbers on its page, in up to three sections — "OEM numbers", "Also fits as"
 * (interchange) and "Replaces" (superseded numbers) — each number with its manufacturer or brand
 * and a button that copies it. Nothing when the part lists none. Server-rendered with the page;
 * copying works once the page is alive.
 */
export function PartNumbers({ numbers }: { numbers: readonly PartNumber[] }) {
  const id = useId();
  // The number last copied (its index in `numbers`) and what the status says about it.
  const [copied, setCopied] = useState<{ index: number; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const groups = PART_NUMBER_KINDS.map((kind) => ({
    kind,
    rows: numbers.flatMap((number, index) => (number.kind === kind ? [{ number, index }] : [])),
  })).filter((group) => group.rows.length > 0);
  if (groups.length === 0) return null;

  async function copy(number: string, index: number) {
    const written = await writeClipboard(number);
    if (!written) selectText(document.getElementById(`${id}-number-${index}`));
    clearTimeout(timer.current);
    setCopied({ index, text: written ? partNumberTexts.copied : partNumberTexts.copyBlocked });
    timer.current = setTimeout(() => setCopied(null), COPIED_MS);
  }

  return (
    <div className="grid gap-10 md:grid-cols-2 lg:grid-cols-3">
      {groups.map(({ kind, rows }) => {
        const headingId = `${id}-${kind}`;
        return (
          <section key={kind} aria-labelledby={headingId} className="flex flex-col gap-4">
            <h2 id={headingId} className="text-2xl font-bold text-slate-900">
              {partNumberTexts.headings[kind]}
            </h2>
            <ul aria-labelledby={headingId} className="flex flex-col gap-2">
              {rows.map(({ number, index }) => {
                const done = copied?.index === index && copied.text === partNumberTexts.copied;
                return (
                  <li
                    key={index}
                    className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 py-2 pr-2 pl-4"
                  >
                    <span className="flex min-w-0 flex-col">
                      {number.brand ? (
                        <span className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                          {number.brand}
                        </span>
                      ) : null}
                      <span
                        id={`${id}-number-${index}`}
                        className="font-mono text-base font-semibold break-all text-slate-900"
                      >
                        {number.number}
                      </span>
                    </span>
                    <button
                      type="button"
                      aria-label={partNumberTexts.copy(number.number)}
                      // As wide as '✓ Copied', so the row does not shift when it says so.
                      className={buttonStyles('secondary', 'md', 'min-w-26 shrink-0')}
                      onClick={() => void copy(number.number, index)}
                    >
                      <span aria-hidden="true">{done ? '✓ ' : ''}</span>
                      {done ? partNumberTexts.copied : partNumberTexts.copyButton}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      {/* Said once the number is on the clipboard (or, if the browser refused, selected). */}
      <p role="status" className="sr-only">
        {copied?.text ?? ''}
      </p>
    </div>
  );
}
