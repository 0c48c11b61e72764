// The renderer of structured message parameters (src/i18n/render.ts): lists joined in the sentence's language with
// Intl.ListFormat, references resolved from the rulebook's data per locale, phrases, and ICU plurals.
import { describe, expect, it } from 'vitest';
import { list, phrase, ref } from '../../src/core/params.ts';
import type { Message } from '../../src/core/types.ts';
import type { Locale } from '../../src/engine/state.ts';
import type { Variant } from '../../src/engine/variant.ts';
import { renderMessage } from '../../src/i18n/render.ts';
import { pausesParam } from '../../src/variants/palermo/flow.ts';
import { VARIANTS } from '../../src/variants/registry.ts';

const palermo = VARIANTS.palermo!;
const mafiaDe = VARIANTS['mafia-de']!;

/** Palermo with extra templates in the given locales. */
function withTemplates(templates: Record<string, Partial<Record<Locale, string>>>): Variant<unknown> {
  const messages: Partial<Record<Locale, Record<string, string>>> = { el: { ...palermo.messages.el }, en: { ...palermo.messages.en } };
  for (const [key, byLocale] of Object.entries(templates)) {
    for (const [locale, t] of Object.entries(byLocale) as [Locale, string][]) messages[locale] = { ...messages[locale], [key]: t };
  }
  return { ...palermo, messages };
}

const say = (v: Variant<unknown>, locale: Locale, m: Message) => renderMessage(v, locale, m);

describe('lists', () => {
  const v = withTemplates({ L: { en: '{names}', de: '{names}', el: '{names}', ru: '{names}' } });
  const names = ['Anna', 'Boris', 'Chloe'];

  it('join with “and” in the language of the sentence (no serial comma in English)', () => {
    const m = { key: 'L', params: { names: list(names, 'and') } };
    expect(say(v, 'en', m)).toBe('Anna, Boris and Chloe');
    expect(say(v, 'de', m)).toBe('Anna, Boris und Chloe');
    expect(say(v, 'el', m)).toBe('Anna, Boris και Chloe');
    expect(say(v, 'ru', m)).toBe('Anna, Boris и Chloe');
  });

  it('join with “or” as a disjunction', () => {
    const m = { key: 'L', params: { names: list(names, 'or') } };
    expect(say(v, 'en', m)).toBe('Anna, Boris or Chloe');
    expect(say(v, 'de', m)).toBe('Anna, Boris oder Chloe');
    expect(say(v, 'el', m)).toBe('Anna, Boris ή Chloe');
    expect(say(v, 'ru', m)).toBe('Anna, Boris или Chloe');
  });

  it('keep the rulebook’s punctuation for lists of phrases, and show `empty` for none', () => {
    expect(say(v, 'en', { key: 'L', params: { names: list(names, 'comma') } })).toBe('Anna, Boris, Chloe');
    expect(say(v, 'en', { key: 'L', params: { names: list(names, 'semicolon') } })).toBe('Anna; Boris; Chloe');
    expect(say(v, 'ru', { key: 'L', params: { names: list([], 'and', '—') } })).toBe('—');
    expect(say(v, 'de', { key: 'L', params: { names: list(['Anna'], 'and') } })).toBe('Anna');
  });
});

describe('references', () => {
  it('name a role, a side and a team from the rulebook’s data in the reader’s language', () => {
    const m = { key: 'MSG-ABS-ELIM', params: { name: 'Anna', k: 2, t: 3, roleName: ref('role', 'killer'), team: ref('team', 'killer') } };
    expect(say(palermo, 'el', m)).toBe('Ο/Η Anna αποχωρεί λόγω απουσιών (2 συνεχόμενες / 3 συνολικά). Ρόλος: Δολοφόνος (δολοφόνος).');
    expect(say(palermo, 'en', m)).toBe('Anna leaves for absences (2 in a row / 3 in all). Role: Killer (a killer).');
    expect(say(palermo, 'en', { key: 'MSG-WIN-MOD', params: { side: ref('side', 'citizens') } })).toBe('The moderators end the game. Winners: citizens.');
  });

  it('follow the template into English when the rulebook has no text in the locale, so no sentence mixes languages', () => {
    const m = { key: 'MSG-WIN-MOD', params: { side: ref('side', 'killers') } };
    expect(say(palermo, 'de', m)).toBe(say(palermo, 'en', m));
    expect(say(palermo, 'el', m)).toBe('Η ΣΕ τερματίζει το παιχνίδι. Νικητές: δολοφόνοι.');
  });

  it('name weekdays with Intl in each language, and show the id of an unknown thing', () => {
    const v = withTemplates({ W: { en: '{d}', de: '{d}', el: '{d}', ru: '{d}' } });
    const thursday = { key: 'W', params: { d: ref('weekday', '4') } };
    expect(say(v, 'de', thursday)).toBe('Donnerstag');
    expect(say(v, 'en', thursday)).toBe('Thursday');
    expect(say(v, 'ru', thursday)).toBe('четверг');
    expect(say(v, 'en', { key: 'W', params: { d: ref('role', 'no-such-role') } })).toBe('no-such-role');
  });
});

describe('phrases', () => {
  it('render a nested phrase with its own references and lists (a successor boss with a special role)', () => {
    const status = phrase('PART-STATUS', { party: ref('side', 'mafia'), role: list([ref('role', 'mafia-boss'), ref('role', 'framer')], 'and') });
    const m = { key: 'MSG-DQ', params: { name: 'Anna', reason: 'Regelverstoß', status } };
    expect(say(mafiaDe, 'de', m)).toBe('Anna wurde disqualifiziert (Regelverstoß). Status: Mafia (Mafiaboss und Rufmörder).');
    expect(say(mafiaDe, 'en', m)).toBe('Anna was disqualified (Regelverstoß). Status: Mafia (Mafia boss and Framer).');
  });

  it('render a deadline with the weekday of its language', () => {
    const deadline = phrase('PART-DEADLINE', { weekday: ref('weekday', '4'), date: '31.03.2011', time: '20:00' });
    const m = { key: 'MSG-NIGHT-START', params: { N: 1, deadline } };
    expect(say(mafiaDe, 'de', m)).toBe('Die Nacht 1 beginnt. Sie endet am Donnerstag, 31.03.2011, 20:00 Uhr.');
    expect(say(mafiaDe, 'en', m)).toBe('Night 1 begins. It ends on Thursday, 31.03.2011, 20:00.');
  });

  it('write palermo’s pause days as sentences (holidays alone open the Greek sentence capitalised)', () => {
    const v = withTemplates({ P: { el: '{p}', en: '{p}' } });
    const cal = { workingWeekdays: [1, 2, 3, 4, 5, 6, 7], preset: 'GR', holidays: ['2025-12-25'], extraPauseDays: ['2025-12-31'], extraWorkingDays: [] };
    expect(say(v, 'el', { key: 'P', params: { p: pausesParam(cal) } })).toBe('Αργίες το παιχνίδι είναι σε παύση. Επιπλέον παύση: 31/12.');
    expect(say(v, 'en', { key: 'P', params: { p: pausesParam({ ...cal, workingWeekdays: [1, 2, 3, 4, 5], holidays: [] }) } })).toBe(
      'The game pauses on weekends. It also pauses on 31/12.',
    );
    expect(say(v, 'en', { key: 'P', params: { p: pausesParam({ ...cal, workingWeekdays: [2, 3, 4, 5, 6], holidays: [] }) } })).toBe(
      'The game pauses on Mondays and Sundays. It also pauses on 31/12.',
    );
  });

  it('leave a missing phrase visible instead of failing', () => {
    const v = withTemplates({ L: { en: '[{x}]' } });
    expect(say(v, 'en', { key: 'L', params: { x: phrase('NO-SUCH-PHRASE', { n: 1 }) } })).toBe('[NO-SUCH-PHRASE {"n":1}]');
  });
});

describe('plurals', () => {
  it('choose the Russian plural form through ICU (one, few, many)', () => {
    const v = withTemplates({
      V: { ru: '{n, plural, one {# голос} few {# голоса} many {# голосов} other {# голоса}}', en: '{n, plural, one {# vote} other {# votes}}' },
    });
    const votes = (n: number) => say(v, 'ru', { key: 'V', params: { n } });
    expect([1, 3, 5, 11, 21, 22].map(votes)).toEqual(['1 голос', '3 голоса', '5 голосов', '11 голосов', '21 голос', '22 голоса']);
    expect(say(v, 'en', { key: 'V', params: { n: 1 } })).toBe('1 vote');
  });
});
