/**
 * Hands a downloaded Blob to the browser as a file: an object URL behind a temporary link with
 * `download`. The URL is released a moment later, once the browser has started saving.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
