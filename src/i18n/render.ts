// Renders messages and rejections to text: the variant's ICU templates first, then the engine's, per locale,
// falling back to English and finally to the key itself (a missing template is visible, never a crash).
// Structured parameters (core/types.ts) are resolved in the language of the sentence they sit in: a template that
// falls back to English gets English role names and an English list, so a sentence never mixes two languages.
import { IntlMessageFormat } from 'intl-messageformat';
import type { ListJoin, Message, Param, Params, Ref } from '../core/types.ts';
import type { Locale } from '../engine/state.ts';
import { ENGINE_MESSAGES } from './engine-messages.ts';

/**
 * What rendering reads of a rulebook: its templates and the names of its roles, sides and teams. Narrower than a
 * Variant, so a client can render from the tables GET /api/variants/:id/texts serves.
 */
export type MessageTables = {
  readonly messages: Partial<Record<Locale, Readonly<Record<string, string>>>>;
  readonly roles: readonly { readonly id: string; readonly names: Partial<Record<Locale, string>> }[];
  readonly sides: readonly { readonly id: string; readonly names: Partial<Record<Locale, string>> }[];
  readonly teams?: readonly { readonly id: string; readonly names: Partial<Record<Locale, string>> }[];
};
type AnyVariant = MessageTables;

const compiled = new Map<string, IntlMessageFormat>();
const lists = new Map<string, Intl.ListFormat>();
const weekdays = new Map<string, Intl.DateTimeFormat>();

function template(variant: AnyVariant, locale: Locale, key: string): string | undefined {
  return variant.messages[locale]?.[key] ?? ENGINE_MESSAGES[locale]?.[key];
}

/** The template of a key in the locale, or in English when the locale lacks it, with the language it is in. */
function source(variant: AnyVariant, locale: Locale, key: string): { src: string; lang: Locale } | undefined {
  const own = template(variant, locale, key);
  if (own !== undefined) return { src: own, lang: locale };
  const en = template(variant, 'en', key);
  return en === undefined ? undefined : { src: en, lang: 'en' };
}

/** Formats one template with already resolved values. */
export function format(locale: Locale, source: string, params: Readonly<Record<string, string | number>> = {}): string {
  const k = `${locale}\u0000${source}`;
  let f = compiled.get(k);
  if (!f) {
    f = new IntlMessageFormat(source, locale, undefined, { ignoreTag: true });
    compiled.set(k, f);
  }
  const out = f.format(params);
  return Array.isArray(out) ? out.join('') : String(out);
}

// The project's English lists have no serial comma («A, B and C»), as the rulebooks' English texts write them.
const listLocale = (lang: Locale) => (lang === 'en' ? 'en-GB' : lang);

const PUNCTUATION: Record<Exclude<ListJoin, 'and' | 'or'>, string> = { comma: ', ', semicolon: '; ', space: ' ', none: '' };

function joinList(lang: Locale, join: ListJoin, items: readonly string[]): string {
  if (join !== 'and' && join !== 'or') return items.join(PUNCTUATION[join]);
  const k = `${lang}\u0000${join}`;
  let f = lists.get(k);
  if (!f) {
    f = new Intl.ListFormat(listLocale(lang), { type: join === 'and' ? 'conjunction' : 'disjunction', style: 'long' });
    lists.set(k, f);
  }
  return f.format(items);
}

function weekdayName(lang: Locale, iso: number): string {
  let f = weekdays.get(lang);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' });
    weekdays.set(lang, f);
  }
  // 1 January 2024 was a Monday: ISO weekday n is that date plus n - 1 days.
  return f.format(Date.UTC(2024, 0, iso));
}

/** The name of a referenced thing in a language (English, then the id, when the rulebook lacks one). */
export function refName(variant: AnyVariant, lang: Locale, r: Ref): string {
  if (r.ref === 'weekday') return weekdayName(lang, Number(r.id));
  const table = r.ref === 'role' ? variant.roles : r.ref === 'side' ? variant.sides : (variant.teams ?? []);
  const names = table.find((x) => x.id === r.id)?.names;
  return names?.[lang] ?? names?.en ?? r.id;
}

/** One parameter as the value the template receives: numbers stay numbers (plural and select need them). */
export function resolveParam(variant: AnyVariant, lang: Locale, p: Param): string | number {
  if (typeof p === 'string' || typeof p === 'number') return p;
  if ('ref' in p) return refName(variant, lang, p);
  if ('list' in p) {
    if (p.list.length === 0) return p.empty === undefined ? '' : resolveParam(variant, lang, p.empty);
    return joinList(
      lang,
      p.join,
      p.list.map((x) => String(resolveParam(variant, lang, x))),
    );
  }
  return renderKey(variant, lang, p.phrase, p.params);
}

function renderKey(variant: AnyVariant, locale: Locale, key: string, params: Params | undefined): string {
  const found = source(variant, locale, key);
  if (found === undefined) return `${key} ${JSON.stringify(params ?? {})}`;
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params ?? {})) values[k] = resolveParam(variant, found.lang, v);
  try {
    return format(locale, found.src, values);
  } catch {
    return `${found.src} ${JSON.stringify(params ?? {})}`;
  }
}

/** Renders one message in a locale. */
export function renderMessage(variant: AnyVariant, locale: Locale, m: Message): string {
  return renderKey(variant, locale, m.key, m.params);
}

/** Renders a multi-part post: parts joined by line breaks. */
export function renderParts(variant: AnyVariant, locale: Locale, parts: readonly Message[]): string {
  return parts.map((p) => renderMessage(variant, locale, p)).join('\n');
}

/**
 * CIT-ENG-5: the signature of a private message whose audience names a staff duty («Прокуратор», «Консильери»):
 * the rulebook's `SIGN-<duty>` text, or undefined when it has none (rulebooks without staff duties).
 */
export function signatureOf(variant: AnyVariant, locale: Locale, audience: { readonly kind: string; readonly duty?: string }): string | undefined {
  if (audience.kind !== 'players' || audience.duty === undefined) return undefined;
  const key = `SIGN-${audience.duty}`;
  return variant.messages[locale]?.[key] ?? variant.messages.en?.[key];
}

/** Whether every template a message needs (its key and the phrases in its parameters, nested) exists in `locale`. */
export function hasTemplates(variant: AnyVariant, locale: Locale, m: Message): boolean {
  const param = (p: Param): boolean => {
    if (typeof p === 'string' || typeof p === 'number' || 'ref' in p) return true;
    if ('list' in p) return p.list.every(param) && (p.empty === undefined || param(p.empty));
    return template(variant, locale, p.phrase) !== undefined && Object.values(p.params ?? {}).every(param);
  };
  return template(variant, locale, m.key) !== undefined && Object.values(m.params ?? {}).every(param);
}

/**
 * A game message for a reader (issue 25): in the reader's language where the rulebook has every template it needs,
 * else in the game's own, never a third; with the language it is in. The one rule every view that shows a game
 * message to a reader follows (the web app's channels render through it).
 */
export function renderFor(variant: AnyVariant, gameLocale: Locale, reader: Locale, parts: readonly Message[]): { text: string; lang: Locale } {
  const lang = parts.every((m) => hasTemplates(variant, reader, m)) ? reader : gameLocale;
  return { text: renderParts(variant, lang, parts), lang };
}
