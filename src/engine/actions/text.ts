// The texts derived from a declaration: the keyword a locale teaches, the command line with placeholders that role
// messages and help texts show («ΔΟΛΟΦΟΝΙΑ: <όνομα>»), the line a form fills (`Kill: {target}`), the template of
// the legacy `/actions` field (`Kill: {name}`), and the lines `narrator rules` prints.
import { namePlaceholder } from '../parse.ts';
import type { Words } from '../schedule.ts';
import type { Locale } from '../state.ts';
import type { ActionTable, Compiled, ParamDef, Texts } from './declare.ts';

/** How a command line writes its arguments: placeholders for people, `{key}` slots for forms, or legacy slots. */
export type LineStyle = 'human' | 'line' | 'template';

/** A text in a locale, English when the locale has none. */
export function wordsIn(w: Words, locale: Locale): string {
  return w[locale] ?? w.en;
}

/** The keyword a game in `locale` teaches for an action ('' for a whole-text action such as last words). */
function keywordIn<V, M, R extends string>(a: Compiled<V, M, R>, locale: Locale): string {
  const rule = a.def.syntax?.[0];
  if (!rule) return '';
  return rule.taught?.[locale] ?? rule.keywords[0] ?? '';
}

/** `last`: the action's last text parameter, the one a legacy template writes `{text}`; an earlier one names its slot by its key (an ad's `{pseudonym}`). */
function slot<R>(key: string, p: ParamDef<R>, style: LineStyle, locale: Locale, last: boolean): string {
  if (style === 'line') return `{${key}}`;
  if (p.kind === 'player') return style === 'human' ? namePlaceholder(locale) : '{name}';
  if (p.kind === 'choice') return style === 'human' ? `<${p.label ? wordsIn(p.label, locale) : p.values.map((v) => p.show(v, locale)).join('|')}>` : '{choice}';
  if (style === 'human' || p.whole) return `<${wordsIn(p.placeholder, locale)}>`;
  return last ? '{text}' : `{${key}}`;
}

/** An action's command line in a locale and style, e.g. `ΔΟΛΟΦΟΝΙΑ: <όνομα>`, `Kill: {target}`, `Kill: {name}`. */
function write<V, M, R extends string>(a: Compiled<V, M, R>, locale: Locale, style: LineStyle): string {
  let args = '';
  const lastText = a.params.filter((x) => x.def.kind === 'text').at(-1)?.key;
  for (const { key, def: p } of a.params) {
    // The legacy template fills every `{name}` with the one target chosen: an optional second player (an intrigue
    // murder's executor) is left out there, so the current web app's form sends the order without it.
    if (style === 'template' && p.optional && p.kind === 'player' && args !== '') continue;
    const s = slot(key, p, style, locale, key === lastText);
    if (args === '') args = s;
    else if (p.lines !== undefined) args += `\n${s}`;
    else args += `${p.sep ? wordsIn(p.sep.taught, locale) : ' '}${s}`;
  }
  const rule = a.def.syntax?.[0];
  const kw = keywordIn(a, locale);
  if (!rule) return args;
  if (rule.form === 'colon') return `${kw}: ${args}`;
  if (rule.form === 'none' || args === '') return kw;
  return `${kw} ${args}`;
}

/** Every text of an action in a locale (made once per locale). */
export function textsOf<V, M, R extends string>(a: Compiled<V, M, R>, locale: Locale): Texts {
  let t = a.texts.get(locale);
  if (!t) {
    t = { human: write(a, locale, 'human'), line: write(a, locale, 'line'), template: write(a, locale, 'template'), keyword: keywordIn(a, locale) };
    a.texts.set(locale, t);
  }
  return t;
}

/** An action's command line in a locale and style. */
export function lineOf<V, M, R extends string>(a: Compiled<V, M, R>, locale: Locale, style: LineStyle): string {
  return textsOf(a, locale)[style];
}

/** The command line of a declared action as role messages and help texts write it in `locale`. */
export function commandLine<V, M, R extends string>(table: ActionTable<V, M, R>, id: string, locale: Locale): string {
  const a = table.actions.find((x) => x.id === id);
  if (!a) throw new Error(`no declared action ${id}`);
  return lineOf(a, locale, 'human');
}

/**
 * `narrator rules`: each declared action as its command line, where it is sent, what it does and its rules, then
 * the refusals in the order they are checked.
 */
export function describeActions<V, M, R extends string>(table: ActionTable<V, M, R>, locale: Locale): string[] {
  const out: string[] = [];
  for (const a of table.actions) {
    const d = a.def;
    const head = `${lineOf(a, locale, 'human').replace(/\n/g, ' ⏎ ')}`;
    const where = d.via === 'pm' ? 'PM' : 'post';
    out.push(`  ${head.padEnd(34)} ${where.padEnd(5)} ${wordsIn(d.summary, locale)} (${d.rules})`);
    const codes: string[] = [];
    for (const c of d.checks) {
      const own = c.kind === 'resolve' ? [d.params[c.arg]?.code] : c.kind === 'actor' && c.codes ? c.codes : [c.code];
      for (const code of own) if (code !== undefined && !codes.includes(code)) codes.push(code);
    }
    if (codes.length > 0) out.push(`  ${''.padEnd(34)} refused, in this order: ${codes.join(', ')}`);
  }
  return out;
}
