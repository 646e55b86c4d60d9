// Character references and escaping for block HTML (block-html.ts). Decoding follows the HTML standard for
// numeric references; of the 2,000-odd named ones only the common ones are known, and an unknown one stays as
// typed (its '&' is escaped on the way out, so what the browser shows is what was decoded here).

const NAMED: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: '\'', nbsp: '\u00A0',
  copy: '©', reg: '®', trade: '™', hellip: '…', mdash: '—', ndash: '–', minus: '−',
  lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„', laquo: '«', raquo: '»',
  bull: '•', middot: '·', times: '×', divide: '÷', deg: '°', plusmn: '±', para: '¶', sect: '§',
  euro: '€', pound: '£', yen: '¥', cent: '¢', iexcl: '¡', iquest: '¿', micro: 'µ', frac12: '½', frac14: '¼', frac34: '¾',
  larr: '←', rarr: '→', uarr: '↑', darr: '↓', harr: '↔', check: '✓', hearts: '♥', star: '☆',
  shy: '\u00AD', zwj: '\u200D', zwnj: '\u200C', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009',
  Tab: '\t', NewLine: '\n', colon: ':', semi: ';', comma: ',', period: '.', excl: '!', quest: '?', num: '#',
  lpar: '(', rpar: ')', lsqb: '[', rsqb: ']', lcub: '{', rcub: '}', sol: '/', bsol: '\\', percnt: '%',
  equals: '=', plus: '+', lowbar: '_', grave: '`', Hat: '^', ast: '*', commat: '@', dollar: '$', verbar: '|',
};

/** What the standard maps references to C1 controls to (the windows-1252 characters at those codes). */
const C1: Readonly<Record<number, number>> = {
  0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02C6,
  0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201C,
  0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC, 0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A,
  0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
};

function fromCodePoint(code: number): string {
  if (code === 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return '\uFFFD';
  return String.fromCodePoint(C1[code] ?? code);
}

/** Numeric references with or without their ';' (as browsers read them), named ones with it. */
const REFERENCE = /&(?:#(\d+);?|#[xX]([\dA-Fa-f]+);?|([A-Za-z][A-Za-z\d]*);)/g;

export function decodeCharacterReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
    // parseInt of a very long number is huge or Infinity: out of range either way.
    if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    return (name !== undefined && Object.hasOwn(NAMED, name) ? NAMED[name] : undefined) ?? whole;
  });
}

/** As innerHTML writes text: '&', '<', '>' and the no-break space escaped, nothing else. */
export function escapeText(text: string): string {
  return text.replace(/[&<>\u00A0]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&nbsp;'));
}

/**
 * As innerHTML writes a double-quoted attribute: '&', '"' and the no-break space escaped, and '<' and '>' as
 * browsers do since 2025 (Chrome 138, Firefox 140), so older and newer ones agree with this form.
 */
export function escapeAttribute(value: string): string {
  return value.replace(/[&"<>\u00A0]/g, (char) =>
    (char === '&' ? '&amp;' : char === '"' ? '&quot;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&nbsp;'));
}
