import { useEffect } from 'react';
import { shopTexts } from '@pitstop/core/messages';

/** Builds the document title shown in tabs and search results: "<page> | Pitstop Parts". */
export function formatDocumentTitle(title: string | undefined): string {
  return title
    ? `${title} | ${shopTexts.shopName}`
    : `${shopTexts.shopName} | Genuine motorcycle and vehicle parts`;
}

/**
 * Keeps <title> and <meta name="description"> in step with the screen. The head lives outside
 * React's tree (index.html owns the tags), so this is a sync with an outside system.
 */
export function useDocumentMeta(title: string | undefined, description: string): void {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
