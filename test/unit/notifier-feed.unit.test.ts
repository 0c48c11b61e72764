// The notifier skips a commit that can tell nobody anything (issue 26 leftovers): its test for posts must never hide a
// mention or a quote that core/post-refs.ts would find.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayRefer } from '../../src/app/notifier.ts';
import { postRefs } from '../../src/core/post-refs.ts';

const NAMES = ['Anna', 'Anna Maria', 'Βασίλης', 'Борис', 'Hara_2'];

describe('the notifier’s test for posts that may refer to someone', () => {
  it('is true for every mention and quote form post-refs reads, false for vote lines and plain talk', () => {
    for (const t of [
      '@Anna',
      'hi @anna maria!',
      '[quote="Anna" post=12]x[/quote]',
      '[QUOTE=Борис;3]x[/QUOTE]',
      '> **Anna** wrote (#12):\n> x',
      '   > @Βασίλης: yes',
      'text\n> Anna wrote:\n> hi',
    ]) {
      expect(postRefs(t, NAMES).mentioned.length + postRefs(t, NAMES).quoted.length, t).toBeGreaterThan(0);
      expect(mayRefer(t), t).toBe(true);
    }
    for (const t of ['Ψήφος: Anna', '[b]Vote: Anna[/b]', '**Stimme: Борис**', 'I will vote later tonight.', 'a > b, 1 > 0']) expect(mayRefer(t), t).toBe(false);
  });

  it('never says "nothing" of a text in which post-refs finds a mention or a quote (random texts of the syntax’s pieces)', () => {
    const piece = fc.constantFrom(
      '@',
      'Anna',
      'anna maria',
      'Борис',
      '[quote',
      '[quote="Anna" post=2]',
      '[/quote]',
      ']',
      '>',
      '\n',
      '   ',
      ' ',
      '**',
      'wrote',
      ':',
      '#3',
      'x',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (parts) => {
        const text = parts.join('');
        const refs = postRefs(text, NAMES);
        if (refs.mentioned.length + refs.quoted.length > 0) expect(mayRefer(text)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
