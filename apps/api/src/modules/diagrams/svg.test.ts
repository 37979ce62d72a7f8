import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { looksLikeSvg, sanitiseSvg } from './svg.js';

const wrap = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>${inner}</svg>`;

function refusal(svg: string): string {
  try {
    sanitiseSvg(svg);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect(e.status).toBe(400);
    expect(e.errors?.[0]?.field).toBe('image');
    return e.message;
  }
  throw new Error('the SVG was not refused');
}

describe('an uploaded SVG diagram', () => {
  it('keeps the drawing and its internal references', () => {
    const svg = wrap(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
        '<rect width="10" height="10" fill="url(#g)" style="stroke: url( \'#g\' )"/><use xlink:href="#g"/>' +
        '<text x="1" y="5">A &amp; B &#x2014; 7</text>',
    );
    const { svg: out, removed } = sanitiseSvg(`<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn -->${svg}`);
    expect(removed).toEqual([]);
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('xlink:href="#g"');
    expect(out).toContain('A &amp; B \u2014 7');
    expect(out.startsWith('<svg')).toBe(true);
  });

  it('loses scripts, foreignObject and event handlers, and says so', () => {
    const { svg, removed } = sanitiseSvg(
      wrap(
        '<script>alert(1)</script><SCRIPT type="text/javascript"><![CDATA[fetch("//x")]]></SCRIPT>' +
          '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml" onclick="x()">hi</div></foreignObject>' +
          '<circle r="3" onmouseover="steal()" ONCLICK="x()"/>',
        ' onload="alert(1)"',
      ),
    );
    expect(svg).not.toMatch(/script|alert|foreignObject|onmouseover|onclick|onload|fetch/i);
    expect(svg).toContain('<circle r="3"/>');
    expect(removed).toEqual(
      expect.arrayContaining([
        'onload attribute',
        'script element',
        'SCRIPT element',
        'foreignObject element',
        'onmouseover attribute',
        'ONCLICK attribute',
      ]),
    );
  });

  it('refuses external references, naming them', () => {
    expect(refusal(wrap('<image href="https://evil.example/x.png" width="1" height="1"/>'))).toMatch(
      /external reference.*https:\/\/evil\.example/,
    );
    expect(refusal(wrap('<image xlink:href="file:///etc/passwd"/>'))).toMatch(/file:\/\/\/etc\/passwd/);
    expect(refusal(wrap('<a href="javascript:alert(1)"><rect/></a>'))).toMatch(/javascript:/);
    expect(refusal(wrap('<rect fill="url(http://evil.example/p.svg#x)"/>'))).toMatch(/url\(http/);
    expect(refusal(wrap('<style>rect { fill: url("//evil.example/a") }</style>'))).toMatch(
      /external reference/,
    );
    expect(refusal(wrap('<style>@import "https://evil.example/a.css";</style>'))).toMatch(/@import/);
    expect(refusal(wrap('<image href="data:image/svg+xml;base64,PHN2Zy8+"/>'))).toMatch(/external reference/);
    // A picture embedded in the file is no reference to anything outside it.
    expect(sanitiseSvg(wrap('<image href="data:image/png;base64,iVBORw0KGgo="/>')).removed).toEqual([]);
  });

  it('refuses DOCTYPE and entity declarations, unknown entities and stylesheets', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;">]>${wrap('<text>&b;</text>')}`;
    expect(refusal(laughs)).toMatch(/DOCTYPE/);
    expect(refusal(wrap('<text>&nbsp;</text>'))).toMatch(/entity reference/);
    expect(refusal(`<?xml-stylesheet href="https://evil.example/s.css"?>${wrap('')}`)).toMatch(
      /processing instruction/,
    );
  });

  it('refuses what is not a well-formed SVG document', () => {
    for (const bad of [
      '<html><body/></html>',
      wrap('<rect>'),
      `${wrap('')}<svg/>`,
      wrap('<rect width=10/>'),
      wrap('<rect a="1" a="2"/>'),
      'not svg',
    ]) {
      expect(refusal(bad)).toMatch(/could not be read/);
    }
  });

  it('is told from a PNG by its start', () => {
    expect(looksLikeSvg(Buffer.from(`\uFEFF  <?xml version="1.0"?>${wrap('')}`))).toBe(true);
    expect(looksLikeSvg(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe(false);
  });
});
