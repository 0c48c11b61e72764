// Posts as forums write them, parsed into a small tree the app renders as elements: BBCode quotes (with the quoted
// post's number, as src/core/post-refs.ts reads them), bold and italics, and Markdown's `>` quotes, **bold** and
// *italics*. Nothing here produces HTML: the tree holds plain strings, so no text a player wrote can become markup.
// Unmatched or unknown tags stay as the text they are.

import { quoteAttrs } from '../../../src/core/post-refs.ts';

/** A node of a rendered post. */
export type Node =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'br' }
  | { readonly kind: 'b' | 'i' | 'u' | 's'; readonly children: readonly Node[] }
  | { readonly kind: 'quote'; readonly author: string | null; readonly post: number | null; readonly children: readonly Node[] };

type Container = { kind: 'root' | 'b' | 'i' | 'u' | 's' | 'quote'; author: string | null; post: number | null; children: Node[]; open: string };

const TAG = /\[(\/?)(quote|b|i|u|s)(?:=(?:"([^"\]\n]{0,64})"|([^\]\n]{0,64}?)))?(?:\s+post=#?(\d{1,9}))?\]/gi;
/** Deeper nesting than this is shown as text: a hostile post cannot build a tree that freezes the page. */
const MAX_DEPTH = 8;

/** Parses a post into nodes. */
export function parsePost(text: string): Node[] {
  const root: Container = { kind: 'root', author: null, post: null, children: [], open: '' };
  const stack: Container[] = [root];
  let last = 0;
  const top = () => stack[stack.length - 1]!;
  for (const m of text.matchAll(TAG)) {
    const at = m.index;
    const [whole, closing, name, quoted, bare, post] = m;
    const kind = name!.toLowerCase() as Container['kind'];
    if (closing) {
      const i = stack.findLastIndex((c) => c.kind === kind);
      if (i <= 0) continue;
      inline(text.slice(last, at), top().children);
      while (stack.length > i) close(stack);
    } else {
      if (stack.length > MAX_DEPTH) continue;
      inline(text.slice(last, at), top().children);
      const attrs = kind === 'quote' ? quoteAttrs(quoted, bare, post) : { author: null, post: null };
      stack.push({ kind, author: attrs.author, post: attrs.post, children: [], open: whole });
    }
    last = at + whole.length;
  }
  inline(text.slice(last), top().children);
  // Tags left open are text again: their opening tag and what followed it, in place.
  while (stack.length > 1) {
    const c = stack.pop()!;
    top().children.push({ kind: 'text', text: c.open }, ...c.children);
  }
  return merge(root.children);
}

function close(stack: Container[]): void {
  const c = stack.pop()!;
  const parent = stack[stack.length - 1]!;
  const children = merge(c.children);
  parent.children.push(c.kind === 'quote' ? { kind: 'quote', author: c.author, post: c.post, children } : { kind: c.kind as 'b', children });
}

/** Markdown inside a stretch of text without BBCode: `>` quote blocks, then bold and italics per line. */
function inline(text: string, out: Node[], depth = 0): void {
  if (text === '') return;
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length) {
    if (/^ {0,3}>/.test(lines[i]!) && depth < MAX_DEPTH) {
      const block: string[] = [];
      while (i < lines.length && /^ {0,3}>/.test(lines[i]!)) block.push(lines[i++]!.replace(/^ {0,3}> ?/, ''));
      const children: Node[] = [];
      inline(block.join('\n'), children, depth + 1);
      out.push({ kind: 'quote', author: null, post: null, children: merge(children) });
      continue;
    }
    if (i > 0 && !(out.length > 0 && out[out.length - 1]!.kind === 'quote')) out.push({ kind: 'br' });
    emphasis(lines[i]!, out);
    i++;
  }
}

const EMPHASIS = /\*\*([^*\n]+)\*\*|__([^_\n]+)__|\*([^*\n]+)\*|(?<![\p{L}\p{N}])_([^_\n]+)_(?![\p{L}\p{N}])/gu;

function emphasis(line: string, out: Node[]): void {
  let last = 0;
  for (const m of line.matchAll(EMPHASIS)) {
    if (m.index > last) out.push({ kind: 'text', text: line.slice(last, m.index) });
    const strong = m[1] ?? m[2];
    out.push(
      strong !== undefined ? { kind: 'b', children: [{ kind: 'text', text: strong }] } : { kind: 'i', children: [{ kind: 'text', text: (m[3] ?? m[4])! }] },
    );
    last = m.index + m[0].length;
  }
  if (last < line.length) out.push({ kind: 'text', text: line.slice(last) });
}

/** Joins neighbouring text nodes. */
function merge(nodes: Node[]): Node[] {
  const out: Node[] = [];
  for (const n of nodes) {
    const prev = out[out.length - 1];
    if (n.kind === 'text' && prev?.kind === 'text') out[out.length - 1] = { kind: 'text', text: prev.text + n.text };
    else if (!(n.kind === 'text' && n.text === '')) out.push(n);
  }
  return out;
}

/** The plain text of nodes (tests, and the accessible name of a quote). */
export function plainText(nodes: readonly Node[]): string {
  return nodes.map((n) => (n.kind === 'text' ? n.text : n.kind === 'br' ? '\n' : plainText(n.children))).join('');
}
