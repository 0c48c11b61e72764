// User text on its way out (issue 10 item 7). Line ends are normalised, so a renderer that splits lines on "\n"
// sees every line a reader's program will see (a lone "\r" broke a post out of its Markdown quote), and bidi
// controls are balanced per line, so a post cannot reverse or re-embed the text that follows it.

/** Every line terminator a renderer might honour: CR LF, CR, VT, FF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR. */
const LINE_ENDS = /\r\n|[\r\v\f\u0085\u2028\u2029]/g;

/** The text with every line end as "\n". */
export function normalizeLineEnds(text: string): string {
  return text.replace(LINE_ENDS, '\n');
}

const EMBEDDINGS = new Set(['\u202a', '\u202b', '\u202d', '\u202e']); // LRE RLE LRO RLO, closed by PDF
const ISOLATES = new Set(['\u2066', '\u2067', '\u2068']); // LRI RLI FSI, closed by PDI
const PDF = '\u202c';
const PDI = '\u2069';
const HAS_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/** One line with every embedding, override and isolate it opens closed at its end, and stray closers dropped. */
function balanceLine(line: string): string {
  if (!HAS_CONTROL.test(line)) return line;
  const open: string[] = [];
  let out = '';
  for (const ch of line) {
    if (EMBEDDINGS.has(ch) || ISOLATES.has(ch)) open.push(ch);
    else if (ch === PDF) {
      // A PDF closes the innermost embedding, and nothing when an isolate is innermost (UAX #9, X7).
      if (open.length === 0 || !EMBEDDINGS.has(open.at(-1)!)) continue;
      open.pop();
    } else if (ch === PDI) {
      // A PDI closes the innermost isolate and every embedding opened inside it (X6a); without one it is stray.
      let at = open.length - 1;
      while (at >= 0 && !ISOLATES.has(open[at]!)) at--;
      if (at < 0) continue;
      open.length = at;
    }
    out += ch;
  }
  for (let i = open.length - 1; i >= 0; i--) out += ISOLATES.has(open[i]!) ? PDI : PDF;
  return out;
}

/** The text with its bidi controls balanced line by line (what the JSON read models carry). */
export function balanceBidi(text: string): string {
  return HAS_CONTROL.test(text) ? text.split('\n').map(balanceLine).join('\n') : text;
}

/**
 * One line of user text for a plain-text destination (a forum post): balanced and, when it holds any bidi control,
 * wrapped in FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, so nothing in it reaches the text around it.
 */
export function isolateLine(line: string): string {
  const b = balanceLine(line);
  return HAS_CONTROL.test(b) ? `\u2068${b}\u2069` : b;
}
