/**
 * Joins the neighbouring text children of every element into one string, on the server and in
 * the browser alike, so that both make the same text nodes.
 *
 * `<p>Available: {count}</p>` is two text children. The server writes them as one text node
 * ("Available: 140"); Preact in the browser wants two, so hydrating split the server's node
 * (one text shortened, one inserted) — about a hundred such changes on /parts, each a style,
 * layout and paint pass while the page came alive. An empty string child (`{''}`) was one more
 * text node the server never wrote. Joined, hydration finds exactly the nodes it expects and
 * changes nothing.
 *
 * The joined string takes the first child's place and the rest become holes (null), so every
 * later child keeps its index and a re-render still matches children as before.
 */
export function joinTextChildren(children: unknown): unknown {
  if (children === '') return null;
  if (!Array.isArray(children)) return children;
  let joined: unknown[] | null = null;
  for (let i = 0; i < children.length; i++) {
    const child: unknown = children[i];
    if (Array.isArray(child)) {
      const inner = joinTextChildren(child);
      if (inner !== child) (joined ??= children.slice())[i] = inner;
      continue;
    }
    if (!isText(child)) continue;
    // A run of text children, possibly with holes (null, undefined, booleans) between them.
    let text = '';
    let texts = 0;
    let end = i;
    for (; end < children.length; end++) {
      const next: unknown = children[end];
      if (isText(next)) {
        text += String(next);
        texts++;
      } else if (!isHole(next)) break;
    }
    if (texts > 1 || text === '') {
      joined ??= children.slice();
      joined[i] = text === '' ? null : text;
      for (let j = i + 1; j < end; j++) joined[j] = null;
    }
    i = end - 1;
  }
  return joined ?? children;
}

function isText(value: unknown): value is string | number {
  return typeof value === 'string' || typeof value === 'number';
}

function isHole(value: unknown): boolean {
  return value === null || value === undefined || typeof value === 'boolean';
}
