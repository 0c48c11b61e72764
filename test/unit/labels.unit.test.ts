// Issue 25 item 5: the interface's labels from the server (src/i18n/labels.ts) exist in every interface language with
// the same arguments, every moderator action, deadline kind and phase of every rulebook has one, every role, side and
// team has a name in every interface language, and the crawl's language check (test/support/language.ts) catches
// what the issue found (an English word in a German screen, Latin in a Greek one) while letting names through.
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { ENGINE_MOD_ACTIONS } from '../../src/engine/modactions.ts';
import type { Locale } from '../../src/engine/state.ts';
import { ENGINE_MESSAGES } from '../../src/i18n/engine-messages.ts';
import { hasLabel, LABELS, labelFor } from '../../src/i18n/labels.ts';
import { renderFor, renderParts } from '../../src/i18n/render.ts';
import { translatedName } from '../../src/i18n/rulebook-names.ts';
import { VARIANTS } from '../../src/variants/registry.ts';
import { mixedLanguage } from '../support/language.ts';

const LANGS: readonly Locale[] = ['en', 'el', 'de', 'ru'];

/** The argument names of an ICU template. */
function argsOf(src: string): string[] {
  const out = new Set<string>();
  const walk = (els: ReturnType<typeof parse>) => {
    for (const e of els) {
      if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.plural || e.type === TYPE.select) out.add(e.value);
      if (e.type === TYPE.plural || e.type === TYPE.select) for (const o of Object.values(e.options)) walk(o.value);
    }
  };
  walk(parse(src));
  return [...out].sort();
}

describe('the interface labels of the rulebooks', () => {
  it('has every label in every language, with the same arguments', () => {
    for (const lang of LANGS) {
      expect(Object.keys(LABELS[lang]).sort(), lang).toEqual(Object.keys(LABELS.en).sort());
      for (const [k, src] of Object.entries(LABELS.en)) expect(argsOf(LABELS[lang][k]!), `${lang} ${k}`).toEqual(argsOf(src));
    }
  });

  it('labels every moderator action, deadline kind and phase of every rulebook in every language', () => {
    for (const v of Object.values(VARIANTS)) {
      const actions = [...Object.keys(ENGINE_MOD_ACTIONS), ...Object.keys(v.modActions ?? {})];
      const schedule = v.timetable.schedule;
      const kinds = [...schedule.phases.flatMap((p) => p.instants.map((i) => i.id)), ...(schedule.timers ?? []).map((i) => i.id)];
      for (const lang of LANGS) {
        for (const a of actions) {
          expect(hasLabel(v.id, lang, `mod.${a}`), `${v.id} ${lang} mod.${a}`).toBe(true);
          expect(hasLabel(v.id, lang, `mod.${a}.summary`), `${v.id} ${lang} mod.${a}.summary`).toBe(true);
        }
        for (const k of kinds) expect(hasLabel(v.id, lang, `deadline.${k}`), `${v.id} ${lang} deadline.${k}`).toBe(true);
        for (const p of schedule.phases) expect(hasLabel(v.id, lang, `phase.${p.id}`), `${v.id} ${lang} phase.${p.id}`).toBe(true);
        expect(hasLabel(v.id, lang, `rulebook.${v.id}`)).toBe(true);
      }
    }
  });

  it('names every role, side and team of every rulebook in every interface language', () => {
    for (const v of Object.values(VARIANTS))
      for (const lang of LANGS)
        for (const [kind, list] of [
          ['role', v.roles],
          ['side', v.sides],
          ['team', v.teams ?? []],
        ] as const)
          for (const x of list) expect(x.names[lang] ?? translatedName(v.id, lang, kind, x.id), `${v.id} ${lang} ${kind} ${x.id}`).toBeTruthy();
  });

  it('says a rulebook’s day as it counts it: palermo’s round, mafia-de’s day', () => {
    expect(labelFor('palermo', 'el', 'phase.day', { n: 2 })).toBe('γύρος 2');
    expect(labelFor('mafia-de', 'de', 'phase.day', { n: 2 })).toBe('Tag 2');
    expect(labelFor('mafia-cities', 'ru', 'phase.night', { n: 1 })).toBe('ночь 1');
    // A kind without a label of its own reads as the generic one, never as its id.
    expect(labelFor('palermo', 'de', 'deadline.something-new', {}, 'deadline.other')).toBe('Frist');
  });
});

describe('the crawl’s language check', () => {
  it('catches the mixes issue 25 found and lets names and identifiers through', () => {
    expect(mixedLanguage('Jetzt: round r on its play day D_r', 'de', [])).toMatch(/not German/);
    expect(mixedLanguage('kill in 3 Std.', 'de', [])).toMatch(/kill/);
    expect(mixedLanguage('Σημείωση: moderator.action', 'el', [])).toBe('not Greek');
    expect(mixedLanguage('Карта: ΧΡΗΣΜΟΣ ΤΗΣ ΠΥΘΙΑΣ', 'ru', [])).toBe('not Russian');
    expect(mixedLanguage('1 мафиози, 1 комиссар', 'en', [])).toMatch(/script/);
    expect(mixedLanguage('Stimmenstand (Runde 1)', 'en', [])).toMatch(/stimmenstand/);
    // Names, titles and identifiers are not language.
    expect(mixedLanguage('Ψήφισε ο Anna', 'el', ['Anna'])).toBeNull();
    expect(mixedLanguage('20:00 (Europe/Athens) · 2025-11-03T10:00:00+02:00', 'ru', [])).toBeNull();
    expect(mixedLanguage('Abstimmungsende in 2 Std.', 'de', [])).toBeNull();
    expect(mixedLanguage('Vote closes in 2 h', 'en', [])).toBeNull();
  });
});

describe('a game message for a reader (renderFor)', () => {
  it('speaks the reader’s language where the rulebook has the catalogue, else the game’s, never a third', () => {
    const palermo = VARIANTS.palermo!;
    const start = [{ key: 'MSG-SIGNUP-OK' }];
    expect(renderFor(palermo, 'el', 'en', start).lang).toBe('en');
    // palermo has no German templates of its own, but the engine's signup message exists in German.
    expect(renderFor(palermo, 'el', 'de', start)).toMatchObject({ lang: 'de' });
    // A template of palermo's own, without arguments, that German lacks.
    const own = Object.keys(palermo.messages.el ?? {}).find((k) => ENGINE_MESSAGES.de[k] === undefined && !/\{/.test(palermo.messages.el![k]!))!;
    expect(renderFor(palermo, 'el', 'de', [{ key: own }])).toEqual({ text: renderParts(palermo, 'el', [{ key: own }]), lang: 'el' });
  });

  it('mafia-cities’ composition reads in English for an English reader, verbatim in Russian for a Russian one', () => {
    const cities = VARIANTS['mafia-cities']!;
    const m = [{ key: 'MSG-CITY-COMPOSITION', params: { city: 'North', mafia: 1, commissioners: 2 } }];
    expect(renderFor(cities, 'ru', 'en', m)).toEqual({ text: 'North: 1 mafioso, 2 commissioners', lang: 'en' });
    expect(renderFor(cities, 'ru', 'ru', m).text).toBe('North: 1 мафиози, 2 комиссар');
    expect(renderFor(cities, 'ru', 'en', [{ key: 'MSG-GAME-DEFAULT' }]).text).toBe('Mafia');
  });
});
