// What a post refers to (core/post-refs.ts): the quotes and mentions the web app renders and the notifications read
// (issue 26: one reader of posts for both).
import { describe, expect, it } from 'vitest';
import { markdownQuotesIn, mentionsIn, ownText, postRefs, quoteOf, quotesIn } from '../../src/core/post-refs.ts';

const NAMES = ['Anna', 'Anna Maria', 'Βασίλης', 'Борис'];

describe('post references', () => {
  it('reads the post’s own quotes with their post numbers: BBCode, Discourse’s form, a bare author; not nested ones', () => {
    const text =
      '[quote="Anna" post=12]hi [quote=Борис post=3]old[/quote][/quote] and [quote="Βασίλης, post:40, topic:1"]x[/quote][quote=Anna Maria]y[/quote][quote]z[/quote]';
    expect(quotesIn(text)).toEqual([{ author: 'Anna', post: 12 }, { author: 'Βασίλης', post: 40 }, { author: 'Anna Maria' }]);
  });

  it('an unclosed quote tag quotes nothing', () => {
    expect(quotesIn('[quote="Anna" post=2] never closed')).toEqual([]);
    expect(ownText('[quote="Anna" post=2] never closed')).toBe('[quote="Anna" post=2] never closed');
  });

  it('finds @mentions of the game’s names, longest name first, case-insensitive, not in e-mail addresses', () => {
    const text = '@anna maria and @Βασίλης, mail me at x@Anna.gr; @Борис! @Annabel @Anna';
    expect(mentionsIn(text, NAMES).map((m) => [m.name, text.slice(m.start, m.end)])).toEqual([
      ['Anna Maria', '@anna maria'],
      ['Βασίλης', '@Βασίλης'],
      ['Борис', '@Борис'],
      ['Anna', '@Anna'],
    ]);
  });

  it('a post addresses whom it mentions in its own words and whose posts it quotes (not mentions inside a quote)', () => {
    const text = '[quote="Anna" post=7]@Борис is lying[/quote]\n> @Βασίλης said so\nI agree with @Anna, @anna.';
    expect(postRefs(text, NAMES)).toEqual({ mentioned: ['Anna'], quoted: [{ author: 'Anna', post: 7 }] });
  });

  it('a post addresses the game’s names it mentions (once each, punctuation off, not e-mail addresses, not inside quotes) and the authors it quotes in BBCode and Markdown', () => {
    const names = ['Anna', 'Babis', 'Chris', 'Dora', 'Eleni', 'Fotis', 'Giorgos', 'Hara_2', 'Ilias', 'example', 'nobody'];
    const text = [
      '[quote="Babis" post=12]I saw @Chris at night[/quote]',
      '@Anna, and @anna again; @Dora. Mail x@example.org or @-nobody',
      '[quote=Eleni;7]hm[/quote]',
      '> **Fotis** wrote (#9):',
      '> @Giorgos did it',
      'plain @Hara_2',
    ].join('\n');
    expect(postRefs(text, names)).toEqual({
      mentioned: ['Anna', 'Dora', 'Hara_2'],
      quoted: [
        { author: 'Babis', post: 12 },
        { author: 'Eleni', post: 7 },
        { author: 'Fotis', post: 9 },
      ],
    });
    expect(postRefs('Ψήφος: @Ελένη!', ['Ελένη'])).toEqual({ mentioned: ['Ελένη'], quoted: [] });
    expect(postRefs('> Ilias wrote:\n> stuff', names).quoted).toEqual([{ author: 'Ilias' }]);
    // Only a block's first line names its author; a Markdown quote inside a BBCode quote is the quoted author's.
    expect(markdownQuotesIn('> Ilias wrote:\n> Dora: no\n\n[quote=Anna]> Babis wrote:[/quote]')).toEqual([{ author: 'Ilias' }]);
  });

  it('reads the post number of vBulletin’s, XenForo’s and a `#` form of a quote', () => {
    expect(quotesIn('[quote=Anna;12]a[/quote][quote="Борис, post: 40, member: 3"]b[/quote][quote="Βασίλης #5"]c[/quote]')).toEqual([
      { author: 'Anna', post: 12 },
      { author: 'Борис', post: 40 },
      { author: 'Βασίλης', post: 5 },
    ]);
  });

  it('quotes a post for the composer with its author and number, leaving its own quotes out', () => {
    const q = quoteOf('Anna "the" Great', 12, '[quote="Борис" post=3]old[/quote]\nMy point.');
    expect(q).toBe('[quote="Anna the Great" post=12]My point.[/quote]\n');
    expect(quotesIn(q)).toEqual([{ author: 'Anna the Great', post: 12 }]);
  });
});
