import { diagramTexts } from '@pitstop/core/diagram-texts';
import { AppError } from '../../lib/errors.js';

/**
 * An uploaded SVG diagram, read by a strict tokenizer of our own and written out again from what
 * it read, so nothing it did not understand reaches the renderer (docs: decision-part "SVG").
 *
 * - Removed, and named in the answer: <script>, <foreignObject> (HTML inside the drawing) and the
 *   other elements that embed documents or run code, with everything inside them; every event
 *   handler attribute (on…). The drawing looks the same without them.
 * - Refused: a DOCTYPE or entity declaration (entity expansion, external entities), processing
 *   instructions (xml-stylesheet), entity references other than XML's five, and every external
 *   reference: href / xlink:href not to `#an-id` or an embedded PNG/JPEG/GIF/WebP, url(…) not to
 *   `#an-id`, CSS @import. Without them the drawing would look different, so the admin is told
 *   what to fix instead of being given a changed drawing.
 *
 * The cleaned SVG is then drawn into pixels (diagram-picture.ts) and stored as a WebP like any
 * upload: the shop never serves an uploaded SVG, so even a gap in these rules could not run in a
 * rider's browser; they keep the renderer from reading files or the network and from blowing up.
 */

const DROPPED_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
]);
const MAX_DEPTH = 256;
const MAX_ELEMENTS = 200_000;
const NAME = /^[A-Za-z_][\w.:-]*/;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const EMBEDDED_PICTURE = /^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=\s]*$/i;

export interface CleanedSvg {
  svg: string;
  /** What was taken out, once each: "script element", "onload attribute". */
  removed: string[];
}

const unsafe = (what: string) =>
  new AppError('invalid', diagramTexts.svgUnsafe(what), [
    { field: 'image', message: diagramTexts.svgUnsafe(what) },
  ]);
const unreadable = () =>
  new AppError('invalid', diagramTexts.svgInvalid, [{ field: 'image', message: diagramTexts.svgInvalid }]);

/** Whether these bytes look like an SVG document (as opposed to a PNG or WebP). */
export function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') && /<svg[\s>]/i.test(bytes.subarray(0, 64 * 1024).toString('utf8'));
}

function decodeEntities(text: string): string {
  return text.replace(/&([^;\s&]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw unreadable();
    if (name in PREDEFINED) return PREDEFINED[name]!;
    const code = /^#x([0-9a-f]{1,6})$/i.exec(name)?.[1] ?? /^#([0-9]{1,7})$/.exec(name)?.[1];
    if (code !== undefined) {
      const point = name.startsWith('#x') || name.startsWith('#X') ? parseInt(code, 16) : Number(code);
      if (point > 0x10ffff || point === 0) throw unreadable();
      return String.fromCodePoint(point);
    }
    throw unsafe(`an entity reference (&${name};)`);
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
const localName = (name: string) => name.slice(name.indexOf(':') + 1).toLowerCase();

/** Every url(…) must point inside the drawing (`url(#gradient)`); CSS may not @import. */
function checkCss(value: string): void {
  if (/@import/i.test(value)) throw unsafe('a CSS @import');
  for (const match of value.matchAll(/url\s*\(\s*(['"]?)([^'")]*)/gi)) {
    const target = (match[2] ?? '').trim();
    if (!target.startsWith('#')) throw unsafe(`an external reference (url(${target.slice(0, 80)}))`);
  }
}

function checkAttribute(name: string, value: string): void {
  if (localName(name) === 'href') {
    const target = value.trim();
    if (!target.startsWith('#') && !EMBEDDED_PICTURE.test(target)) {
      throw unsafe(`an external reference (${name}="${target.slice(0, 80)}")`);
    }
  }
  checkCss(value);
}

interface OpenElement {
  name: string;
  /** Inside a removed element: read (to find its end) but not written. */
  dropped: boolean;
  style: boolean;
}

/** Cleans an SVG document or refuses it (400 on `image`, saying why). */
export function sanitiseSvg(input: string): CleanedSvg {
  const text = input.replace(/^\uFEFF/, '');
  const out: string[] = [];
  const removed = new Set<string>();
  const stack: OpenElement[] = [];
  let sawRoot = false;
  let elements = 0;
  let i = 0;
  const dropping = () => stack.at(-1)?.dropped ?? false;

  while (i < text.length) {
    if (!text.startsWith('<', i)) {
      const end = text.indexOf('<', i);
      const raw = text.slice(i, end === -1 ? text.length : end);
      i = end === -1 ? text.length : end;
      const decoded = decodeEntities(raw);
      if (stack.length === 0) {
        if (decoded.trim()) throw unreadable();
        continue;
      }
      if (stack.at(-1)!.style) checkCss(decoded);
      if (!dropping()) out.push(escapeText(decoded));
      continue;
    }
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end === -1) throw unreadable();
      i = end + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i + 9);
      if (end === -1 || stack.length === 0) throw unreadable();
      const data = text.slice(i + 9, end);
      i = end + 3;
      if (stack.at(-1)!.style) checkCss(data);
      if (!dropping()) out.push(escapeText(data));
      continue;
    }
    if (text.startsWith('<!', i)) throw unsafe('a DOCTYPE or entity declaration');
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end === -1) throw unreadable();
      const target = /^<\?([^\s?]*)/.exec(text.slice(i, end))?.[1] ?? '';
      // The XML declaration says nothing the renderer needs; anything else (xml-stylesheet) loads.
      if (target.toLowerCase() !== 'xml' || sawRoot)
        throw unsafe(`a processing instruction (<?${target}…?>)`);
      i = end + 2;
      continue;
    }
    if (text.startsWith('</', i)) {
      const name = NAME.exec(text.slice(i + 2, i + 200))?.[0];
      if (!name) throw unreadable();
      let j = i + 2 + name.length;
      while (/\s/.test(text[j] ?? '')) j++;
      if (text[j] !== '>') throw unreadable();
      const open = stack.pop();
      if (!open || open.name !== name) throw unreadable();
      if (!open.dropped) out.push(`</${name}>`);
      i = j + 1;
      continue;
    }
    // An element's start tag.
    const name = NAME.exec(text.slice(i + 1, i + 200))?.[0];
    if (!name) throw unreadable();
    if (stack.length === 0) {
      if (sawRoot || localName(name) !== 'svg') throw unreadable();
      sawRoot = true;
    }
    if (++elements > MAX_ELEMENTS || stack.length >= MAX_DEPTH) throw unreadable();
    let j = i + 1 + name.length;
    const attributes: string[] = [];
    const seen = new Set<string>();
    let selfClosing = false;
    for (;;) {
      const before = j;
      while (/\s/.test(text[j] ?? '')) j++;
      if (text.startsWith('/>', j)) {
        selfClosing = true;
        j += 2;
        break;
      }
      if (text[j] === '>') {
        j++;
        break;
      }
      if (j === before) throw unreadable();
      const attribute = NAME.exec(text.slice(j, j + 200))?.[0];
      if (!attribute) throw unreadable();
      j += attribute.length;
      while (/\s/.test(text[j] ?? '')) j++;
      if (text[j] !== '=') throw unreadable();
      j++;
      while (/\s/.test(text[j] ?? '')) j++;
      const quote = text[j];
      if (quote !== '"' && quote !== "'") throw unreadable();
      const end = text.indexOf(quote, j + 1);
      if (end === -1) throw unreadable();
      const raw = text.slice(j + 1, end);
      if (raw.includes('<')) throw unreadable();
      j = end + 1;
      if (seen.has(attribute)) throw unreadable();
      seen.add(attribute);
      const value = decodeEntities(raw);
      if (localName(attribute).startsWith('on')) {
        removed.add(`${attribute} attribute`);
        continue;
      }
      checkAttribute(attribute, value);
      attributes.push(` ${attribute}="${escapeAttribute(value)}"`);
    }
    i = j;
    const local = localName(name);
    const dropped = dropping() || DROPPED_ELEMENTS.has(local);
    if (DROPPED_ELEMENTS.has(local)) removed.add(`${name} element`);
    if (!dropped) out.push(`<${name}${attributes.join('')}${selfClosing ? '/>' : '>'}`);
    if (!selfClosing) stack.push({ name, dropped, style: local === 'style' });
  }
  if (!sawRoot || stack.length > 0) throw unreadable();
  return { svg: out.join(''), removed: [...removed] };
}
