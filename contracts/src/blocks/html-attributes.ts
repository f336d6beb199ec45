/**
 * The attributes of the start tags in an HTML fragment, read the way the HTML tokenizer of a
 * browser reads them: values double-quoted, single-quoted or unquoted, names lower-cased, `/`
 * between attributes skipped, character references decoded (`&#47;`, `&#x2F`, `&sol;`,
 * `&colon;`, `&Tab;`), comments skipped. Rich text is checked with it (every href must pass the
 * link rule), and the link index reads and rewrites hrefs with it.
 *
 * It errs towards finding more: the contents of script, style, textarea and the like are read as
 * markup too (a browser reads them as text), so a check over its answer is never weaker than the
 * browser's reading. No DOM and no dependency, so the contracts stay browser-safe and small.
 */

export interface HtmlAttribute {
  /** The element's name, lower-cased. */
  tag: string;
  /** The attribute's name, lower-cased. */
  name: string;
  /** The value with character references decoded; '' when the attribute has none. */
  value: string;
  /**
   * Where the value stands in the fragment, quotes included (`"/over-ons"`), so it can be
   * replaced; start equals end for an attribute without a value.
   */
  start: number;
  end: number;
}

const htmlSpace = /[\t\n\f\r ]/;
const tagNameEnd = /[\t\n\f\r />]/;
const attributeNameEnd = /[\t\n\f\r />=]/;
const unquotedValueEnd = /[\t\n\f\r >]/;

/** Named references that stand for ASCII characters (the ones that can change how a URL reads), and the no-break space. */
const named: ReadonlyMap<string, string> = new Map(Object.entries({
  Tab: '\t', NewLine: '\n', excl: '!', quot: '"', QUOT: '"', num: '#', dollar: '$', percnt: '%', amp: '&', AMP: '&',
  apos: "'", lpar: '(', rpar: ')', ast: '*', midast: '*', plus: '+', comma: ',', period: '.', sol: '/', colon: ':',
  semi: ';', lt: '<', LT: '<', equals: '=', gt: '>', GT: '>', quest: '?', commat: '@', lsqb: '[', lbrack: '[',
  bsol: '\\', rsqb: ']', rbrack: ']', Hat: '^', lowbar: '_', UnderBar: '_', grave: '`', DiacriticalGrave: '`',
  lcub: '{', lbrace: '{', verbar: '|', vert: '|', VerticalLine: '|', rcub: '}', rbrace: '}', fjlig: 'fj',
  nbsp: '\u00a0', NonBreakingSpace: '\u00a0',
}));
/** Of those, the ones HTML also decodes without a semicolon. */
const legacy: ReadonlySet<string> = new Set(['amp', 'AMP', 'lt', 'LT', 'gt', 'GT', 'quot', 'QUOT', 'nbsp']);
/** Numeric references to C1 controls stand for windows-1252 characters. */
const windows1252: ReadonlyMap<number, number> = new Map([
  [0x80, 0x20ac], [0x82, 0x201a], [0x83, 0x0192], [0x84, 0x201e], [0x85, 0x2026], [0x86, 0x2020], [0x87, 0x2021],
  [0x88, 0x02c6], [0x89, 0x2030], [0x8a, 0x0160], [0x8b, 0x2039], [0x8c, 0x0152], [0x8e, 0x017d], [0x91, 0x2018],
  [0x92, 0x2019], [0x93, 0x201c], [0x94, 0x201d], [0x95, 0x2022], [0x96, 0x2013], [0x97, 0x2014], [0x98, 0x02dc],
  [0x99, 0x2122], [0x9a, 0x0161], [0x9b, 0x203a], [0x9c, 0x0153], [0x9e, 0x017e], [0x9f, 0x0178],
]);

function codePoint(n: number): string {
  if (n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(windows1252.get(n) ?? n);
}

const reference = /&(?:#[xX]([0-9A-Fa-f]+);?|#([0-9]+);?|([A-Za-z][A-Za-z0-9]*)(;?))/g;

/** An attribute value with its character references decoded, as the HTML tokenizer does it. */
export function decodeAttributeValue(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(reference, (all, hex: string | undefined, decimal: string | undefined, name: string | undefined, semicolon: string, at: number) => {
    // Far too large numbers stay numbers (Infinity at worst) and fall out as U+FFFD.
    if (hex !== undefined) return codePoint(Number.parseInt(hex, 16));
    if (decimal !== undefined) return codePoint(Number(decimal));
    const char = named.get(name!);
    if (char === undefined) return all;
    if (semicolon) return char;
    // In an attribute a reference without its semicolon counts only when it is one of the old
    // ones and no `=` follows (`?a=1&amp=2` is a query, not an ampersand).
    return legacy.has(name!) && raw[at + all.length] !== '=' ? char : all;
  });
}

function skip(html: string, from: number, pattern: RegExp): number {
  let i = from;
  while (i < html.length && pattern.test(html[i]!)) i++;
  return i;
}

function skipUntil(html: string, from: number, pattern: RegExp): number {
  let i = from;
  while (i < html.length && !pattern.test(html[i]!)) i++;
  return i;
}

/** The index after a comment or other markup declaration that opens at `from` (just after `<!`). */
function afterDeclaration(html: string, from: number): number {
  if (html.startsWith('--', from)) {
    const body = from + 2;
    // `<!-->` and `<!--->` close at once.
    if (html[body] === '>') return body + 1;
    if (html.startsWith('->', body)) return body + 2;
    const close = /--!?>/g;
    close.lastIndex = body;
    const match = close.exec(html);
    return match ? match.index + match[0].length : html.length;
  }
  const gt = html.indexOf('>', from);
  return gt === -1 ? html.length : gt + 1;
}

/** Every attribute of every start tag, in the order they stand. */
export function htmlAttributes(html: string): HtmlAttribute[] {
  const found: HtmlAttribute[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    i = lt + 1;
    const next = html[i];
    if (next === '!') {
      i = afterDeclaration(html, i + 1);
      continue;
    }
    if (next === '?') {
      i = afterDeclaration(html, i);
      continue;
    }
    const endTag = next === '/';
    if (endTag) i++;
    if (!/[A-Za-z]/.test(html[i] ?? '')) {
      // `</>` is dropped, `</3` starts a bogus comment; a `<` before anything else is text.
      if (endTag) i = html[i] === '>' ? i + 1 : afterDeclaration(html, i);
      continue;
    }
    const nameEnd = skipUntil(html, i, tagNameEnd);
    const tag = html.slice(i, nameEnd).toLowerCase();
    i = nameEnd;
    while (i < html.length) {
      i = skip(html, i, /[\t\n\f\r /]/);
      if (i >= html.length) break;
      if (html[i] === '>') {
        i++;
        break;
      }
      // A name runs to white space, `/`, `>` or `=`; an `=` that starts it belongs to it.
      const nameStart = i;
      i = skipUntil(html, i + 1, attributeNameEnd);
      const name = html.slice(nameStart, i).toLowerCase();
      i = skip(html, i, htmlSpace);
      if (html[i] !== '=') {
        if (!endTag) found.push({ tag, name, value: '', start: i, end: i });
        continue;
      }
      i = skip(html, i + 1, htmlSpace);
      const quote = html[i];
      const start = i;
      let end: number;
      let raw: string;
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        end = close === -1 ? html.length : close + 1;
        raw = html.slice(i + 1, close === -1 ? html.length : close);
      } else {
        end = skipUntil(html, i, unquotedValueEnd);
        raw = html.slice(i, end);
      }
      if (!endTag) found.push({ tag, name, value: decodeAttributeValue(raw), start, end });
      i = end;
    }
  }
  return found;
}
