// Issue 15 item 6: a game's own texts, hints and forms teach the keywords of its locale, and every keyword set
// stays accepted in every game (PAL-GEN-8, DE-GEN-8).
import { describe, expect, it } from 'vitest';
import { commandExample, compileSyntax, parseCommands } from '../../src/engine/parse.ts';
import { PM_KEYWORDS, parsePm, parseRoleChoice, splitPair } from '../../src/variants/mafia-de/commands.ts';
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
    for (const [command, k] of Object.entries(PM_KEYWORDS)) {
      expect(parsePm(`${k.de}: Anna`, undefined, none)?.command).toBe(command);
      expect(parsePm(`${k.en}: Anna`, undefined, none)?.command).toBe(command);
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
    expect(splitPair('Anna and Bernd')).toEqual(['Anna', 'Bernd']);
  });
});
