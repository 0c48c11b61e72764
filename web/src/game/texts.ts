// Game messages in the reader's language: an item's `parts` (template keys and structured parameters) rendered with
// the rulebook's tables (GET /api/variants/:id/texts) by the server's own renderer (src/i18n/render.ts), where every
// template the message needs exists in that language; otherwise the server's text, in the game's language, stays.
import { useEffect, useState } from 'preact/hooks';
import type { Locale } from '../../../src/engine/state.ts';
import { renderParts } from '../../../src/i18n/render.ts';
import type { Item, MessageTablesReply } from '../../../src/protocol/index.ts';
import { call } from '../api/client.ts';
import { cleanText } from './clean.ts';

type Parts = NonNullable<Item['parts']>;
type Param = NonNullable<Parts[number]['params']>[string];

const loaded = new Map<string, Promise<MessageTablesReply | null>>();

/** The rulebook's tables for `lang` (one request per rulebook and language; null when they cannot be had). */
export function tables(variant: string, lang: string): Promise<MessageTablesReply | null> {
  const k = `${variant}\u0000${lang}`;
  let p = loaded.get(k);
  if (!p) {
    p = call<MessageTablesReply>('GET', `/api/variants/${encodeURIComponent(variant)}/texts?locale=${lang}`).catch(() => null);
    loaded.set(k, p);
  }
  return p;
}

/** The tables to render a game's messages in `lang`, or null while loading or when `lang` is the game's own. */
export function useTables(variant: string, gameLocale: string, lang: string): MessageTablesReply | null {
  const [t, setT] = useState<MessageTablesReply | null>(null);
  useEffect(() => {
    setT(null);
    if (lang === gameLocale) return;
    let stale = false;
    void tables(variant, lang).then((x) => !stale && setT(x));
    return () => {
      stale = true;
    };
  }, [variant, gameLocale, lang]);
  return t;
}

/** Whether every template a parameter needs (its phrases, nested) exists in the language. */
function paramHas(t: MessageTablesReply, lang: string, p: Param): boolean {
  if (typeof p === 'string' || typeof p === 'number' || 'ref' in p) return true;
  if ('list' in p) return p.list.every((x) => paramHas(t, lang, x)) && (p.empty === undefined || paramHas(t, lang, p.empty));
  return t.messages[lang]?.[p.phrase] !== undefined && Object.values(p.params ?? {}).every((x) => paramHas(t, lang, x));
}

/** The item's text in `lang` from its parts when the tables have all it needs, else the server's text. */
export function localText(item: Item, t: MessageTablesReply | null, lang: string): { text: string; lang: string | null } {
  const parts = item.parts;
  if (!t || !parts || parts.length === 0) return { text: item.text, lang: null };
  const whole = parts.every((m) => t.messages[lang]?.[m.key] !== undefined && Object.values(m.params ?? {}).every((x) => paramHas(t, lang, x)));
  if (!whole) return { text: item.text, lang: null };
  // Cleaned as the server cleans the text it renders (names in a message are user text).
  return { text: cleanText(renderParts(t, lang as Locale, parts)), lang };
}
