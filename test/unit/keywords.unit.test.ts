// Issue 15 item 6: a game's own texts, hints and forms teach the keywords of its locale, and every keyword set
// stays accepted in every game (PAL-GEN-8, DE-GEN-8).
import { describe, expect, it } from 'vitest';
import { splitArgs } from '../../src/engine/actions/check.ts';
import { commandExample, compileSyntax, parseCommands } from '../../src/engine/parse.ts';
import { ACTIONS, PM_KEYWORDS, parseRoleChoice } from '../../src/variants/mafia-de/actions.ts';
import { parsePm as readPm } from '../../src/variants/mafia-de/commands.ts';
import { VARIANTS } from '../../src/variants/registry.ts';

const quoted = (kw: string) => [`«${kw}:`, `“${kw}:`, `„${kw}:`, `"${kw}:`, `«${kw}»`, `“${kw}”`, `„${kw}“`];

describe('keywords per locale', () => {
  for (const variant of Object.values(VARIANTS)) {
    it(`PAL-GEN-8, DE-GEN-8: ${variant.id}: no message of a locale quotes a keyword taught to another locale`, () => {
      for (const locale of variant.locales) {
        const texts = Object.values(variant.messages[locale] ?? {});
        for (const rule of variant.syntax) {
          const own = rule.taught?.[locale];
          for (const [other, kw] of Object.entries(rule.taught ?? {})) {
            if (other === locale || kw === own || kw === undefined) continue;
            for (const q of quoted(kw)) {
              const hit = texts.find((t) => t.includes(q));
              expect(hit, `${variant.id} ${locale} quotes ${q} (${rule.command})`).toBeUndefined();
            }
          }
        }
      }
    });

    it(`PAL-GEN-8, DE-GEN-8: ${variant.id}: the command taught to each locale is read back as that command`, () => {
      const syntax = compileSyntax(variant.syntax);
      for (const locale of variant.locales) {
        for (const rule of variant.syntax) {
          if (!rule.taught) continue;
          const text = commandExample(variant.syntax, rule.command, locale, 'Anna');
          expect(parseCommands(text, syntax)[0]?.command, `${variant.id} ${locale}: ${text}`).toBe(rule.command);
        }
      }
    });
  }

  it('DE-GEN-8: a running mafia-de game reads the PN keywords of both languages; English ones need their colon', () => {
    const none = () => false;
    const parsePm = (text: string, subject: string | undefined, isName: (t: string) => boolean) => readPm(text, subject, isName, PM_KEYWORDS);
    for (const a of ACTIONS.actions) {
      const [de, en] = a.def.syntax![0]!.keywords;
      expect(parsePm(`${de}: Anna`, undefined, none)?.command).toBe(a.command);
      expect(parsePm(`${en}: Anna`, undefined, none)?.command).toBe(a.command);
    }
    // German keywords may take whitespace instead of the colon (DE-GEN-8); everyday English words may not.
    expect(parsePm('Stimme Anna', undefined, none)?.command).toBe('vote');
    expect(parsePm('Will you tell me who is the boss?', undefined, none)).toBeUndefined();
    expect(parsePm('Vote for Anna please', undefined, none)).toBeUndefined();
    expect(parsePm('Death message: Anna was found in the river.', undefined, none)).toMatchObject({ command: 'dm', arg: 'Anna was found in the river.' });
    expect(parsePm('Surrender', undefined, none)?.command).toBe('surrender');
    expect(parsePm('Hello', 'AW: Vote', none)).toMatchObject({ command: 'vote', arg: 'Hello' });
    expect(parseRoleChoice('Voodoo doll')).toBe('voodoo-doll');
    expect(parseRoleChoice('Framer')).toBe('framer');
    expect(parseRoleChoice('none')).toBe('none');
    const compare = ACTIONS.actions.find((a) => a.id === 'compare')!;
    expect(splitArgs(compare, { arg: 'Anna and Bernd', text: '' })).toEqual(['Anna', 'Bernd']);
    expect(splitArgs(compare, { arg: 'Anna, Bernd', text: '' })).toEqual(['Anna', 'Bernd']);
  });
});
