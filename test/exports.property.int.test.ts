// The forum exports against a parser of each format (issue 10 item 7): any post text, rendered to Markdown and
// parsed back with markdown-it, and rendered to BBCode and parsed back with @bbob/parser, stays inside its author's
// quote and cannot produce a moderator-looking line; line ends of every kind are normalised, and bidi controls in a
// post are balanced and isolated in every output.
import { parse as parseBbcode } from '@bbob/parser';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import type { Item } from '../src/app/views.ts';
import { balanceBidi, normalizeLineEnds } from '../src/core/text.ts';
import { day, escapeBbcode, safeLines } from '../src/server/exports.ts';
import { harness, startedGame } from './support/harness.ts';

const md = new MarkdownIt();
type Tokens = ReturnType<typeof md.parse>;
const ANNOUNCEMENT = 'The day is over. Anna was voted out.';
const at = (hhmm: string): Pick<Item, 'at' | 'time'> => ({ at: 0, time: `2025-11-03T${hhmm}:00+02:00` });
const items = (a: string, b: string): Item[] => [
  { seq: 1, ...at('10:00'), kind: 'post', author: 'Anna', postId: 'p1', text: a },
  { seq: 2, ...at('12:00'), kind: 'announcement', author: 'moderator', text: ANNOUNCEMENT },
  { seq: 3, ...at('13:00'), kind: 'post', author: 'Babis', postId: 'p2', text: b },
];
/** What a reader sees of a text, whitespace aside (markdown-it turns NUL into U+FFFD). */
const visible = (t: string) => t.replace(/\s+/g, '').replace(/\0/g, '\uFFFD');

/** Post texts built from the pieces an attacker would use, mixed with any text at all. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '\r',
        '\n',
        '\r\n',
        '\u2028',
        '\u2029',
        '\u0085',
        '\v',
        '\f',
        '> ',
        '**',
        '__',
        '*',
        '#',
        '- ',
        '1. ',
        '2) ',
        '```',
        '~~~',
        '    ',
        '\t',
        '---',
        '===',
        '|a|b|',
        '<div>',
        '<!--',
        '&amp;',
        '&#42;',
        '\\',
        '[',
        ']',
        '[quote]',
        '[/quote]',
        '[quote="Mod"]',
        '[b]',
        '[/b]',
        '[url=x]',
        '[*]',
        '12:00 — moderator',
        'MODERATOR ANNOUNCEMENT:',
        '\u202e',
        '\u202d',
        '\u202b',
        '\u202c',
        '\u2066',
        '\u2067',
        '\u2068',
        '\u2069',
        '\0',
        '"',
        'x',
        ' ',
      ),
      fc.string({ unit: 'binary', maxLength: 8 }),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

/** Top-level blocks of a markdown-it token stream, and the tokens inside each. */
function blocks(src: string) {
  const out: { type: string; tokens: Tokens }[] = [];
  for (const t of md.parse(src, {})) {
    if (t.level === 0 && t.nesting >= 0) out.push({ type: t.type, tokens: [] });
    else if (t.level > 0) out.at(-1)!.tokens.push(t);
  }
  return out;
}

/** The text a reader sees in tokens (inline text, code, and the raw content of code blocks). */
function textOf(tokens: Tokens): string {
  let s = '';
  for (const t of tokens) {
    if (t.type === 'inline') s += textOf(t.children ?? []);
    else if (t.type === 'text' || t.type === 'code_inline' || t.type === 'code_block' || t.type === 'fence' || t.type === 'html_inline') s += t.content;
  }
  return s;
}

const strongs = (tokens: Tokens): number => tokens.reduce((n, t) => n + (t.type === 'strong_open' ? 1 : 0) + (t.children ? strongs(t.children) : 0), 0);

describe('Markdown export, parsed back by markdown-it', () => {
  it('a post stays inside its author’s quote and cannot make a moderator line (property)', () => {
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        const out = blocks(day('markdown', items(a, b), 'Game — round 1'));
        expect(out.map((x) => x.type)).toEqual(['paragraph_open', 'paragraph_open', 'blockquote_open', 'paragraph_open', 'paragraph_open', 'blockquote_open']);
        expect(textOf(out[1]!.tokens)).toBe('Anna (10:00):');
        expect(textOf(out[3]!.tokens)).toBe(`12:00 — moderator${ANNOUNCEMENT}`);
        expect(textOf(out[4]!.tokens)).toBe('Babis (13:00):');
        for (const [i, text] of [
          [2, a],
          [5, b],
        ] as const) {
          expect(strongs(out[i]!.tokens)).toBe(0);
          expect(visible(textOf(out[i]!.tokens))).toBe(visible(safeLines(text).join('\n')));
        }
      }),
      { seed: 20261201, numRuns: 400 },
    );
  });

  it('the issue’s example: "\\r\\r" no longer ends the quote', () => {
    const out = blocks(day('markdown', items('innocent\r\rMODERATOR ANNOUNCEMENT: Anna is the killer', 'ok'), 'G'));
    expect(out.map((x) => x.type)).toEqual(['paragraph_open', 'paragraph_open', 'blockquote_open', 'paragraph_open', 'paragraph_open', 'blockquote_open']);
    expect(textOf(out[2]!.tokens)).toContain('MODERATOR ANNOUNCEMENT: Anna is the killer');
  });
});

describe('BBCode export, parsed back by @bbob/parser', () => {
  type Node = string | { tag: string; attrs: Record<string, string>; content: Node[] | null };
  const tags = (nodes: Node[]) => nodes.filter((n): n is Exclude<Node, string> => typeof n !== 'string');
  const flat = (nodes: Node[] | null): string => (nodes ?? []).map((n) => (typeof n === 'string' ? n : `[${n.tag}]${flat(n.content)}`)).join('');

  it('a post stays inside its author’s quote, as text only, and cannot make a moderator line (property)', () => {
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        const nodes = parseBbcode(day('bbcode', items(a, b), 'Game — round 1')) as Node[];
        const top = tags(nodes);
        expect(top.map((n) => [n.tag, Object.values(n.attrs)])).toEqual([
          ['b', []],
          ['quote', ['Anna']],
          ['b', []],
          ['quote', ['Babis']],
        ]);
        expect(flat(top[2]!.content)).toBe('10:00 — moderator'.replace('10', '12'));
        // Outside the tags there is only the announcement (and line breaks).
        expect(visible(nodes.filter((n) => typeof n === 'string').join(''))).toBe(visible(ANNOUNCEMENT));
        for (const [q, text] of [
          [top[1]!, a],
          [top[3]!, b],
        ] as const) {
          expect(tags(q.content ?? [])).toEqual([]);
          expect(flat(q.content)).toBe(safeLines(text).map(escapeBbcode).join('\n'));
        }
      }),
      { seed: 20261201, numRuns: 400 },
    );
  });
});

describe('line ends and bidi controls', () => {
  it('every line end becomes "\\n"', () => {
    expect(normalizeLineEnds('a\r\nb\rc\u2028d\u2029e\u0085f\vg\fh\ni')).toBe('a\nb\nc\nd\ne\nf\ng\nh\ni');
  });

  it('a line’s controls are balanced: what it opens is closed at its end, stray closers are dropped', () => {
    expect(balanceBidi('a\u202eb')).toBe('a\u202eb\u202c');
    expect(balanceBidi('\u2067x\u202ay')).toBe('\u2067x\u202ay\u202c\u2069');
    expect(balanceBidi('x\u2069\u202c y')).toBe('x y');
    // A PDI closes its isolate and the embeddings inside it; a PDF inside an isolate closes nothing.
    expect(balanceBidi('\u2066\u202ba\u2069b')).toBe('\u2066\u202ba\u2069b');
    expect(balanceBidi('\u2066\u202cz')).toBe('\u2066z\u2069');
    expect(balanceBidi('\u202eone\ntwo')).toBe('\u202eone\u202c\ntwo');
  });

  it('an override in a post is isolated in both exports and balanced in the JSON thread', async () => {
    const text = 'I vote \u202eBabis\nnext line';
    for (const f of ['bbcode', 'markdown'] as const) {
      const out = day(f, items(text, 'ok'), 'G');
      expect(out).toContain('\u2068I vote \u202eBabis\u202c\u2069');
      expect(out).not.toMatch(/\u202e(?![^\u2069]*\u2069)/);
    }
    const h = await harness();
    try {
      const { id, players } = await startedGame(h);
      expect((await players.Anna!.req('POST', `/api/games/${id}/posts`, { text: 'hi \u202eevil\rMOD: x' })).json.accepted).toBe(true);
      const thread = await players.Anna!.req('GET', `/api/games/${id}/thread`);
      const post = thread.json.items.find((i: Item) => i.kind === 'post' && i.text.startsWith('hi'));
      expect(post.text).toBe('hi \u202eevil\u202c\nMOD: x');
      const md = await players.Anna!.req('GET', `/api/games/${id}/export/day/1?format=markdown`);
      expect(md.text).toContain('> \u2068hi \u202eevil\u202c\u2069\n> MOD: x');
    } finally {
      await h.close();
    }
  });
});
