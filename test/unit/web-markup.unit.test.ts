// The web app's pure pieces: the post parser (BBCode and Markdown quotes into a tree of plain strings), the
// language choice and its plurals, wall-clock times of a game's zone, and the action templates.
import { describe, expect, it } from 'vitest';
import { complete, fillLine, type LegalAction } from '../../web/src/game/ActionForms.tsx';
import { de } from '../../web/src/i18n/de.ts';
import { el } from '../../web/src/i18n/el.ts';
import { en } from '../../web/src/i18n/en.ts';
import { initialLocale, setLocale, t } from '../../web/src/i18n/i18n.ts';
import { ru } from '../../web/src/i18n/ru.ts';
import { type Node, parsePost, plainText } from '../../web/src/markup/parse.ts';
import { instantOf, localOf } from '../../web/src/zone.ts';

const quotes = (ns: readonly Node[]): Node[] =>
  ns.flatMap((n) => (n.kind === 'quote' ? [n, ...quotes(n.children)] : 'children' in n ? quotes(n.children) : []));

describe('parsePost', () => {
  it('reads a BBCode quote with its author, and the reply after it', () => {
    const ns = parsePost('[quote="Anna"]Vote: Babis[/quote]\nI agree');
    expect(ns[0]).toEqual({ kind: 'quote', author: 'Anna', post: null, children: [{ kind: 'text', text: 'Vote: Babis' }] });
    expect(plainText(ns.slice(1))).toContain('I agree');
  });

  it('reads the quoted post’s number as the quote button writes it, and as Discourse writes it (issue 26)', () => {
    const ns = parsePost('[quote="Anna Maria" post=12]Vote: Babis[/quote][quote=Dora post=3]x[/quote][quote="Chris, post:40, topic:2"]y[/quote]');
    expect(quotes(ns).map((q) => q.kind === 'quote' && [q.author, q.post])).toEqual([
      ['Anna Maria', 12],
      ['Dora', 3],
      ['Chris', 40],
    ]);
  });

  it('reads Markdown quotes, nested BBCode quotes, bold and italics', () => {
    const ns = parsePost('> first\n> second\nmine **bold** and *it*');
    expect(ns[0]).toMatchObject({ kind: 'quote', author: null });
    expect(plainText([ns[0]!])).toBe('first\nsecond');
    expect(ns.some((n) => n.kind === 'b')).toBe(true);
    expect(ns.some((n) => n.kind === 'i')).toBe(true);
    const nested = parsePost('[quote=A][quote=B]inner[/quote]outer[/quote]');
    expect(quotes(nested).map((q) => q.kind === 'quote' && q.author)).toEqual(['A', 'B']);
  });

  it('keeps markup-looking and unmatched text as text: no node ever holds HTML', () => {
    const hostile = '<img src=x onerror=alert(1)> [quote="<b>x</b>"]a[/b] [i]open';
    const ns = parsePost(hostile);
    // Every character of the input is still there as text (nothing dropped, nothing interpreted as HTML).
    expect(plainText(ns).replace(/\s/g, '')).toContain('<imgsrc=xonerror=alert(1)>');
    expect(plainText(ns)).toContain('[i]open');
    expect(plainText(ns)).toContain('[/b]');
  });

  it('stops nesting at a fixed depth: a hostile post cannot build an endless tree', () => {
    const deep = `${'[quote]'.repeat(200)}x${'[/quote]'.repeat(200)}`;
    const depth = (ns: readonly Node[]): number => Math.max(0, ...ns.map((n) => ('children' in n ? 1 + depth(n.children) : 0)));
    expect(depth(parsePost(deep))).toBeLessThanOrEqual(9);
    expect(depth(parsePost('>'.repeat(500) + ' x'))).toBeLessThanOrEqual(9);
  });
});

describe('interface languages', () => {
  it('has the same keys in every catalog', () => {
    for (const c of [de, el, ru]) expect(Object.keys(c).sort()).toEqual(Object.keys(en).sort());
  });

  it('takes the stored choice, else the first supported browser language, else English', () => {
    expect(initialLocale('ru', ['de-DE'])).toBe('ru');
    expect(initialLocale(null, ['fr-FR', 'el-GR', 'de'])).toBe('el');
    expect(initialLocale('xx', ['fr'])).toBe('en');
  });

  it('plurals follow each language’s rules', () => {
    const players = (l: 'en' | 'ru' | 'el' | 'de', n: number) => {
      setLocale(l);
      return t('lobby.players', { n });
    };
    expect([1, 2, 5].map((n) => players('en', n))).toEqual(['1 player', '2 players', '5 players']);
    expect([1, 2, 5, 21].map((n) => players('ru', n))).toEqual(['1 игрок', '2 игрока', '5 игроков', '21 игрок']);
    expect([1, 3].map((n) => players('el', n))).toEqual(['1 παίκτης', '3 παίκτες']);
    setLocale('en');
  });

  it('titles a runoff’s live count as the runoff’s, in every language (issue 25 item 11)', () => {
    for (const l of ['en', 'de', 'el', 'ru'] as const) {
      setLocale(l);
      const day = t('votes.title', { when: '3', phase: 'day' });
      const runoff = t('votes.title', { when: '3', phase: 'runoff' });
      expect(runoff, l).not.toBe(day);
      expect(runoff, l).toContain('3');
      expect(runoff, l).toMatch(/[Rr]unoff|Stichwahl|δημοσκόπησης|перевыборов/);
    }
    setLocale('en');
  });
});

describe('zone times', () => {
  it('turns a local time of the game zone into its instant and back, across the DST change', () => {
    expect(instantOf('2025-11-03T20:00', 'Europe/Athens')).toBe(Date.parse('2025-11-03T18:00:00Z'));
    expect(instantOf('2025-07-01T20:00', 'Europe/Athens')).toBe(Date.parse('2025-07-01T17:00:00Z'));
    expect(localOf(Date.parse('2025-10-26T12:00:00Z'), 'Europe/Berlin')).toBe('2025-10-26T13:00');
    expect(instantOf('not a time', 'Europe/Athens')).toBeNull();
  });
});

describe('action lines (issue 25 item 7: the forms are built from line and params)', () => {
  const action = (line: string, params: LegalAction['params'], template = line): LegalAction => ({
    command: 'x',
    id: 'x',
    via: 'pm',
    channel: null,
    keyword: '',
    line,
    params,
    irreversible: false,
    confirm: false,
    template,
    targets: null,
    choices: null,
    until: null,
    untilTime: null,
    paused: false,
  });
  const target = { kind: 'player', key: 'target', targets: [{ id: 'p2', name: 'Babis' }], optional: false, label: null } as const;

  it('fills the line’s slots; a whole text is the text; an action without arguments is its keyword', () => {
    const vote = action('Vote: {target}', [target]);
    expect(fillLine(vote, { target: 'Babis' })).toBe('Vote: Babis');
    const lw = action('{text}', [{ kind: 'text', key: 'text', multiline: true, max: null, optional: false, label: null }], '<last words>');
    expect(fillLine(lw, { text: 'goodbye' })).toBe('goodbye');
    expect(fillLine(action('Withdraw outing', []), {})).toBe('Withdraw outing');
  });

  it('nothing is chosen for the player: a required argument must be filled with a value on offer', () => {
    const vote = action('Vote: {target}', [target]);
    expect(complete(vote, {})).toBe(false);
    expect(complete(vote, { target: 'Anna' })).toBe(false);
    expect(complete(vote, { target: 'Babis' })).toBe(true);
  });

  it('an empty optional argument is left out with its separator', () => {
    const order = action('Kill: {target} BY {executor}', [target, { ...target, key: 'executor', optional: true }]);
    expect(fillLine(order, { target: 'Babis' })).toBe('Kill: Babis');
    expect(fillLine(order, { target: 'Babis', executor: 'Babis' })).toBe('Kill: Babis BY Babis');
    expect(complete(order, { target: 'Babis' })).toBe(true);
  });
});
