// Reading commands out of posts (PAL-GEN-4, PAL-GEN-8, PAL-VOTE-2/3): folding, quotes, markup, proxy detection,
// and a fuzz test that the parser and the name matcher never throw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold, matchName } from '../../src/engine/names.ts';
import { commandExample, compileSyntax, parseCommands, readText, type SyntaxRule } from '../../src/engine/parse.ts';

const syntax = compileSyntax([
  { command: 'vote', keywords: ['Ψήφος', 'Vote'], form: 'colon' },
  { command: 'vote', keywords: ['Ψηφίζω'], form: 'space' },
  { command: 'withdraw', keywords: ['ΑΠΟΣΥΡΣΗ ΚΑΡΦΩΜΑΤΟΣ'], form: 'none' },
  { command: 'join', keywords: ['Συμμετοχή', 'Join'], form: 'none', where: 'post' },
]);
const players = ['Anna', 'Babis', 'Giorgos', 'Δήμητρα'].map((name, i) => ({ id: `p${i}`, name }));

describe('parser', () => {
  it('PAL-GEN-4: keywords are case- and accent-insensitive; names keep their spelling', () => {
    expect(parseCommands('ψηφος: ANNA', syntax)).toEqual([{ command: 'vote', arg: 'ANNA', line: 'ψηφος: ANNA' }]);
    expect(parseCommands('ΨΗΦΟΣ:Babis', syntax)[0]?.arg).toBe('Babis');
    expect(parseCommands('Ψηφίζω Giorgos', syntax)[0]).toMatchObject({ command: 'vote', arg: 'Giorgos' });
    expect(parseCommands('αποσυρση καρφωματος', syntax)[0]?.command).toBe('withdraw');
    expect(parseCommands('συμμετοχη!', syntax)[0]?.command).toBe('join');
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

// The palermo and mafia-de shapes of the syntax table: line commands (with taught keywords per locale) and a
// keyword that counts only at the start of a post.
const rules: SyntaxRule[] = [
  { command: 'vote', keywords: ['Ψήφος', 'Vote'], form: 'colon', where: 'post', taught: { el: 'Ψήφος', en: 'Vote' } },
  { command: 'kill', keywords: ['ΔΟΛΟΦΟΝΙΑ', 'Kill'], form: 'colon', where: 'pm', taught: { el: 'ΔΟΛΟΦΟΝΙΑ', en: 'Kill' } },
  { command: 'join', keywords: ['Συμμετοχή', 'Join'], form: 'none', where: 'post', taught: { el: 'Συμμετοχή', en: 'Join' } },
  { command: 'signup', keywords: ['Anmeldung'], form: 'lead', firstLine: true, where: 'post' },
];
const table = compileSyntax(rules);
const read = (t: string) => {
  const r = readText(t, table);
  return { lines: r.lines.map((l) => [l.command, l.arg]), mentions: r.mentions.map((m) => [m.command, m.why]) };
};

describe('command lines and mentions (issue 15 items 2, 3)', () => {
  it('PAL-VOTE-2: a vote keyword mid-line or without its colon is no vote line but a mention (its author gets a hint)', () => {
    expect(read('Good evening all. Vote: Babis')).toEqual({ lines: [], mentions: [['vote', 'line']] });
    expect(read('vote babis')).toEqual({ lines: [], mentions: [['vote', 'line']] });
    expect(read('Καλησπέρα σε όλους.\nψήφος Babis')).toEqual({ lines: [], mentions: [['vote', 'line']] });
    // A keyword used in a sentence is discussion: no command, no hint.
    expect(read('I will vote later, the vote is tomorrow')).toEqual({ lines: [], mentions: [] });
  });

  it('PAL-GEN-4, PAL-VOTE-2: a vote line wrapped in bold BBCode or Markdown is a vote line', () => {
    expect(read('[b]Ψήφος: Babis[/b]').lines).toEqual([['vote', 'Babis']]);
    expect(read('[B]Vote: Babis[/B]').lines).toEqual([['vote', 'Babis']]);
    expect(read('**Vote: Babis**').lines).toEqual([['vote', 'Babis']]);
    expect(read('__Vote: Babis__').lines).toEqual([['vote', 'Babis']]);
    expect(read('*Vote: Babis*').lines).toEqual([['vote', 'Babis']]);
    expect(read('_Ψήφος: Babis_').lines).toEqual([['vote', 'Babis']]);
    expect(read('* Vote: Babis').lines).toEqual([['vote', 'Babis']]);
    expect(read('Καλησπέρα.\n[b][color=red]Ψήφος: Babis[/color][/b]\nΤα λέμε.').lines).toEqual([['vote', 'Babis']]);
  });

  it('PAL-GEN-4: a quoted vote line is never a vote line nor a mention (BBCode and Markdown quotes)', () => {
    expect(read('[quote="Eleni"][b]Vote: Babis[/b][/quote]\nagreed')).toEqual({ lines: [], mentions: [] });
    expect(read('> **Vote: Babis**\nagreed')).toEqual({ lines: [], mentions: [] });
    expect(read('[quote]Good evening. Vote: Babis[/quote]')).toEqual({ lines: [], mentions: [] });
  });

  it('PAL-SIGN-1: joining is the keyword as the line; a sentence that uses the word is discussion', () => {
    expect(read('Συμμετοχή').lines).toEqual([['join', '']]);
    expect(read('[b]Join![/b]').lines).toEqual([['join', '']]);
    expect(read('Hello all!\nJoin\nGood luck').lines).toEqual([['join', '']]);
    expect(read('I do not want to join, sorry')).toEqual({ lines: [], mentions: [] });
    expect(read('Just watching, I do NOT want to play')).toEqual({ lines: [], mentions: [] });
    expect(read('Θέλω συμμετοχή!')).toEqual({ lines: [], mentions: [] });
    // The keyword opening a longer line is probably meant as a signup: a hint, not a signup.
    expect(read('Join me, everyone')).toEqual({ lines: [], mentions: [['join', 'line']] });
  });

  it('DE-SIGN-1: a keyword that the post must begin with counts on the first line only; later it is a mention', () => {
    expect(read('Anmeldung! Viel Glück allen.').lines).toEqual([['signup', '']]);
    expect(read('[quote]Hallo[/quote]\nAnmeldung').lines).toEqual([['signup', '']]);
    expect(read('Hallo zusammen!\nAnmeldung')).toEqual({ lines: [], mentions: [['signup', 'first']] });
    expect(read('Wann endet die Anmeldung?')).toEqual({ lines: [], mentions: [] });
  });

  it('a command line records where the rulebook reads it', () => {
    expect(readText('ΔΟΛΟΦΟΝΙΑ: Anna', table).lines[0]?.where).toBe('pm');
  });

  it('PAL-GEN-8: the example of a command uses the keyword the locale teaches (all keyword sets stay accepted)', () => {
    expect(commandExample(rules, 'vote', 'en')).toBe('Vote: <name>');
    expect(commandExample(rules, 'vote', 'el')).toBe('Ψήφος: <όνομα>');
    expect(commandExample(rules, 'kill', 'en', '{name}')).toBe('Kill: {name}');
    expect(commandExample(rules, 'join', 'en')).toBe('Join');
    expect(commandExample(rules, 'signup', 'en')).toBe('Anmeldung');
    expect(commandExample(rules, 'nothing', 'en')).toBe('');
    expect(read('ΔΟΛΟΦΟΝΙΑ: Anna').lines).toEqual(read('kill: Anna').lines);
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
