// What "one language per screen" means to the mixed-language crawl (test/e2e/languages.e2e.test.ts): each piece of
// visible text is checked against the language it claims (its nearest `lang` attribute: the interface's, or the
// game's on a game message the reader's language has no catalogue for), after the names, titles and player text
// the test knows are taken out. Greek and Russian are checked by script (no Latin letters, no other script); German
// and English by script and by the other catalogues' own words (a word of the English texts and ids that no German
// text has, in a German text, and the other way round).
// `visibleTexts` reads a page's texts with the language each claims (the crawl's and the whole-game tests' reader).
import type { Page } from 'playwright-core';
import { ENGINE_MESSAGES } from '../../src/i18n/engine-messages.ts';
import { LABELS } from '../../src/i18n/labels.ts';
import { VARIANTS } from '../../src/variants/registry.ts';
import { de } from '../../web/src/i18n/de.ts';
import { en } from '../../web/src/i18n/en.ts';

/** A language the crawl checks. */
export type Lang = 'el' | 'de' | 'ru' | 'en';

// Latin letters (the Latin-1 signs × and ÷ are no letters).
const LATIN = /[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]/;
const GREEK = /[\u0370-\u03FF\u1F00-\u1FFF]/;
const CYRILLIC = /[\u0400-\u04FF]/;

/** Identifiers every language shows as they are: time zones, formats, the product's and hash's names, hex. */
const NEUTRAL = [
  /\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)?/g,
  /\b[A-Z][A-Za-z_]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?\b/g,
  /\bBBCode\b/g,
  /\[\/?(?:b|i|quote|list|\*)(?:=[^\]]*)?\]/g,
  /(?<![\w/])\/[a-z]+\b/g,
  /\bMarkdown\b/g,
  /\bSHA-256\b/g,
  // palermo's end announcement as its rulebook writes it in every language (MSG-ROLES-END, asserted by its scenarios).
  /\bSeed: /g,
  /\bNarrator\b/g,
  /\b[0-9a-f]{16,}\b/g,
];

/** Words of a template or label, ICU arguments and syntax left out. */
function words(s: string): string[] {
  const plain = s.replace(/\{[^{}]*\}/g, ' ').replace(/[{}]/g, ' ');
  return plain.toLowerCase().match(/[a-zäöüß]{3,}/g) ?? [];
}

/** Every text of one language the project ships: the app's catalogue, the engine's and labels, each rulebook's. */
function textsOf(lang: 'de' | 'en'): string[] {
  const web = Object.values(lang === 'de' ? de : en) as string[];
  const engine = Object.values(ENGINE_MESSAGES[lang] ?? {});
  const labels = Object.values(LABELS[lang] ?? {});
  const rulebooks = Object.values(VARIANTS).flatMap((v) => [
    ...Object.values(v.messages[lang] ?? {}),
    ...v.roles.map((r) => r.names[lang] ?? ''),
    ...v.sides.map((r) => r.names[lang] ?? ''),
  ]);
  return [...web, ...engine, ...labels, ...rulebooks];
}

/** The ids a server could show raw: roles, moderator actions. They count as English words. */
function ids(): string[] {
  return Object.values(VARIANTS)
    .flatMap((v) => [...v.roles.map((r) => r.id), ...Object.keys(v.modActions ?? {})])
    .flatMap((x) => x.split('-'));
}

let foreign: Record<'de' | 'en', Set<string>> | undefined;
/** For German, the English words no German text has; for English, the German words no English text has. */
function foreignWords(): Record<'de' | 'en', Set<string>> {
  if (foreign) return foreign;
  const deWords = new Set(textsOf('de').flatMap(words));
  const enWords = new Set([...textsOf('en'), ...ids()].flatMap(words));
  foreign = {
    de: new Set([...enWords].filter((w) => !deWords.has(w))),
    en: new Set([...deWords].filter((w) => !enWords.has(w))),
  };
  return foreign;
}

/** Why `text`, claimed to be in `lang`, is not (null when it is), once `known` (names, titles, posts) are removed. */
export function mixedLanguage(text: string, lang: string, known: readonly string[]): string | null {
  let rest = text;
  for (const k of [...known].sort((a, b) => b.length - a.length)) if (k) rest = rest.split(k).join(' ');
  for (const re of NEUTRAL) rest = rest.replace(re, ' ');
  // A command line a message quotes (“кандидат в судьи”, “ΔΟΛΟΦΟΝΙΑ: <όνομα>”) is the game's, in its language.
  // (up to 80 characters: mafia-de's choice of special roles, “Rolle: Rufmörder | Voodoo-Puppe | Räuber | Insider | keine”).
  rest = rest.replace(/“[^”]{1,80}”/g, ' ');
  if (lang === 'el') return LATIN.test(rest) || CYRILLIC.test(rest) ? 'not Greek' : null;
  if (lang === 'ru') return LATIN.test(rest) || GREEK.test(rest) ? 'not Russian' : null;
  if (lang !== 'de' && lang !== 'en') return `unknown language ${lang}`;
  if (GREEK.test(rest) || CYRILLIC.test(rest)) return `not ${lang === 'de' ? 'German' : 'English'} (script)`;
  const bad = words(rest).filter((w) => foreignWords()[lang].has(w));
  return bad.length > 0 ? `not ${lang === 'de' ? 'German' : 'English'}: ${bad.join(', ')}` : null;
}

/**
 * Visible text of the page with the language each piece claims (options, placeholders, labels and boxes included),
 * as a script for the page (the root typecheck has no DOM). It opens every <details> first, so what they hide counts.
 */
const TEXTS = `(() => {
  for (const d of document.querySelectorAll('details')) d.open = true;
  const out = [];
  const langOf = (e) => e.closest('[lang]')?.getAttribute('lang') ?? '';
  const where = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + String(e.className).split(' ')[0] : '');
  const root = document.querySelector('#app') ?? document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    const text = n.textContent?.trim() ?? '';
    if (!e || !text) continue;
    // The language menu names each language in itself.
    if (e.closest('#lang')) continue;
    const option = e.closest('option');
    if (option ? !option.closest('select')?.checkVisibility() : !e.checkVisibility()) continue;
    out.push({ text, lang: langOf(e), where: where(e) });
  }
  for (const e of root.querySelectorAll('[placeholder], [aria-label], [title]')) {
    if (!e.checkVisibility()) continue;
    for (const a of ['placeholder', 'aria-label', 'title']) {
      const v = e.getAttribute(a)?.trim();
      if (v) out.push({ text: v, lang: langOf(e), where: where(e) + '[' + a + ']' });
    }
  }
  for (const e of root.querySelectorAll('textarea')) if (e.value.trim()) out.push({ text: e.value, lang: langOf(e), where: where(e) });
  return out;
})()`;

/** The page's visible texts with the language each claims (the crawl's and the screenshots' check). */
export function visibleTexts(page: Page): Promise<{ text: string; lang: string; where: string }[]> {
  return page.evaluate(TEXTS);
}
