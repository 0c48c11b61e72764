// Renders messages and rejections to text: the variant's ICU templates first, then the engine's, per locale,
// falling back to English and finally to the key itself (a missing template is visible, never a crash).
import { IntlMessageFormat } from 'intl-messageformat';
import type { Message, Param } from '../core/types.ts';
import type { Locale } from '../engine/state.ts';
import type { Variant } from '../engine/variant.ts';
import { ENGINE_MESSAGES } from './engine-messages.ts';

const compiled = new Map<string, IntlMessageFormat>();

function template(variant: Variant<never> | Variant<unknown>, locale: Locale, key: string): string | undefined {
  return variant.messages[locale]?.[key] ?? ENGINE_MESSAGES[locale]?.[key];
}

/** Formats one template with parameters. */
export function format(locale: Locale, source: string, params: Readonly<Record<string, Param>> = {}): string {
  const k = `${locale}\u0000${source}`;
  let f = compiled.get(k);
  if (!f) {
    f = new IntlMessageFormat(source, locale, undefined, { ignoreTag: true });
    compiled.set(k, f);
  }
  const out = f.format(params as Record<string, string | number>);
  return Array.isArray(out) ? out.join('') : String(out);
}

/** Renders one message in a locale. */
export function renderMessage(variant: Variant<never> | Variant<unknown>, locale: Locale, m: Message): string {
  const src = template(variant, locale, m.key) ?? template(variant, 'en', m.key);
  if (src === undefined) return `${m.key} ${JSON.stringify(m.params ?? {})}`;
  let params = m.params;
  if (params && variant.formatParam) {
    const out: Record<string, Param> = {};
    for (const [k, v] of Object.entries(params)) out[k] = variant.formatParam(locale, k, v) ?? v;
    params = out;
  }
  try {
    return format(locale, src, params);
  } catch {
    return `${src} ${JSON.stringify(m.params ?? {})}`;
  }
}

/** Renders a multi-part post: parts joined by line breaks. */
export function renderParts(variant: Variant<never> | Variant<unknown>, locale: Locale, parts: readonly Message[]): string {
  return parts.map((p) => renderMessage(variant, locale, p)).join('\n');
}
