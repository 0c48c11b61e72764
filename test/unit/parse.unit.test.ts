// Reading commands out of posts (PAL-GEN-4, PAL-GEN-8, PAL-VOTE-2/3): folding, quotes, markup, proxy detection,
// and a fuzz test that the parser and the name matcher never throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold, matchName } from '../../src/engine/names.ts';
import { compileSyntax, parseCommands } from '../../src/engine/parse.ts';

const syntax = compileSyntax([
  { command: 'vote', keywords: ['Ψήφος', 'Vote'], form: 'colon' },
  { command: 'vote', keywords: ['Ψηφίζω'], form: 'space' },
  { command: 'withdraw', keywords: ['ΑΠΟΣΥΡΣΗ ΚΑΡΦΩΜΑΤΟΣ'], form: 'none' },
  { command: 'join', keywords: ['Συμμετοχή'], form: 'word' },
]);
const players = ['Anna', 'Babis', 'Giorgos', 'Δήμητρα'].map((name, i) => ({ id: `p${i}`, name }));

describe('parser', () => {
  it('PAL-GEN-4: keywords are case- and accent-insensitive; names keep their spelling', () => {
    expect(parseCommands('ψηφος: ANNA', syntax)).toEqual([{ command: 'vote', arg: 'ANNA', line: 'ψηφος: ANNA' }]);
    expect(parseCommands('ΨΗΦΟΣ:Babis', syntax)[0]?.arg).toBe('Babis');
    expect(parseCommands('Ψηφίζω Giorgos', syntax)[0]).toMatchObject({ command: 'vote', arg: 'Giorgos' });
    expect(parseCommands('αποσυρση καρφωματος', syntax)[0]?.command).toBe('withdraw');
    expect(parseCommands('Θέλω συμμετοχή!', syntax)[0]?.command).toBe('join');
  });

  it('PAL-GEN-4: quoted text is never parsed (BBCode and Markdown quotes)', () => {
    expect(parseCommands('[quote="Eleni"]Ψήφος: Anna[/quote]\nσυμφωνώ', syntax)).toEqual([]);
    expect(parseCommands('> Ψήφος: Anna\nσυμφωνώ', syntax)).toEqual([]);
    expect(parseCommands('[quote][quote]Ψήφος: Anna[/quote]x[/quote]Ψήφος: Babis', syntax).map((c) => c.arg)).toEqual(['Babis']);
  });

  it('PAL-GEN-4: markup around the command is ignored', () => {
    expect(parseCommands('[b]Ψήφος: [color=red]Anna[/color][/b]', syntax)[0]?.arg).toBe('Anna');
    expect(parseCommands('**Ψήφος:** Anna', syntax)[0]?.arg).toBe('Anna');
  });

  it('PAL-VOTE-2: two vote lines in a post are both found (the variant refuses the post)', () => {
    expect(parseCommands('Ψήφος: Anna\nΨήφος: Babis', syntax)).toHaveLength(2);
  });

  it('discussion that mentions a keyword mid-line is not a vote', () => {
    expect(parseCommands('Η ψήφος μου: Anna', syntax)).toEqual([]);
  });
});

describe('names', () => {
  it('PAL-GEN-4: matching ignores case, accents and spaces but does not transliterate', () => {
    expect(matchName(' anna ', players)).toEqual({ kind: 'one', id: 'p0' });
    expect(matchName('ΔΗΜΗΤΡΑ', players)).toEqual({ kind: 'one', id: 'p3' });
    expect(matchName('Άννα', players)).toEqual({ kind: 'none' });
    expect(matchName('Zoe', players)).toEqual({ kind: 'none' });
    expect(fold('Ψήφος')).toBe('ψηφοσ');
  });

  it('PAL-VOTE-3: a name part holding two player names is a possible proxy vote', () => {
    expect(matchName('Anna για τον Giorgos', players)).toEqual({ kind: 'several', ids: ['p0', 'p2'] });
  });

  it('names that collide after folding are ambiguous', () => {
    expect(matchName('anna', [...players, { id: 'x', name: 'ANNA' }])).toEqual({ kind: 'ambiguous' });
  });
});

describe('fuzz (fast-check)', () => {
  it('the parser and the name matcher never throw on random Unicode, long and mixed-script posts', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 400 }),
      fc.string({ unit: 'binary', maxLength: 400 }),
      fc
        .array(fc.constantFrom('Ψήφος:', 'Vote:', '[quote]', '[/quote]', '>', '\n', 'Anna', 'Άννα', '💀', 'й', 'ß', ' ', '**', '[b]'), { maxLength: 200 })
        .map((a) => a.join('')),
    );
    fc.assert(
      fc.property(text, (t) => {
        for (const c of parseCommands(t, syntax)) matchName(c.arg, players);
        matchName(t, players);
      }),
      { numRuns: 2000 },
    );
    const long = `${'Ψήφος: Anna\n'.repeat(20_000)}${'x'.repeat(300_000)}`;
    expect(() => parseCommands(long, syntax)).not.toThrow();
  });
});
