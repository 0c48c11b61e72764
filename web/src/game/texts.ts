// Game messages in the reader's language: an item's `parts` (template keys and structured parameters) rendered with
// the rulebook's tables (GET /api/variants/:id/texts) by the server's own renderer (src/i18n/render.ts), where every
// template the message needs exists in that language; otherwise the server's text, in the game's language, stays.
import { useEffect, useState } from 'preact/hooks';
import type { Message } from '../../../src/core/types.ts';
import type { Locale } from '../../../src/engine/state.ts';
import { hasTemplates, renderParts } from '../../../src/i18n/render.ts';
import type { Item, MessageTablesReply } from '../../../src/protocol/index.ts';
import { call } from '../api/client.ts';
import { cleanText } from './clean.ts';

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

/**
 * The item's text in `lang` from its parts when the tables have all it needs (src/i18n/render.ts `renderFor`, the one
 * rule: the reader's language, else the game's), else the server's text in the game's language.
 */
export function localText(item: Item, t: MessageTablesReply | null, lang: string): { text: string; lang: string | null } {
  const parts = item.parts;
  if (!t || !parts || parts.length === 0 || !parts.every((m) => hasTemplates(t, lang as Locale, m as Message))) return { text: item.text, lang: null };
  // Cleaned as the server cleans the text it renders (names in a message are user text).
  return { text: cleanText(renderParts(t, lang as Locale, parts as Message[])), lang };
}
