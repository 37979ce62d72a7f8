import type { ElementType } from 'react';
import { returnItemTexts } from '@pitstop/core/return-texts';

/**
 * A return's photos as links that open each picture in a new tab ("Photo 1 (opens in a new tab)"),
 * on the customer's order page and in the admins' Returns queue alike. Nothing when there are none.
 */
export function PhotoLinks({
  urls,
  as: Wrapper = 'p',
  className = 'flex flex-wrap gap-x-3 gap-y-1 text-sm',
}: {
  urls: readonly string[];
  /** The element around the links: a paragraph, or a span inside a table cell. */
  as?: ElementType;
  className?: string;
}) {
  if (urls.length === 0) return null;
  return (
    <Wrapper className={className}>
      {urls.map((url, index) => (
        <a
          key={url}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="text-red-700 underline underline-offset-2"
        >
          {returnItemTexts.photoLink(index + 1)}
        </a>
      ))}
    </Wrapper>
  );
}
