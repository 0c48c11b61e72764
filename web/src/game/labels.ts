// A rulebook's words in the reader's language: the labels of its deadlines, phases, moderator actions and audit
// entries, and the names of its roles, sides and teams, from GET /api/variants/:id/texts (src/i18n/labels.ts and
// src/i18n/rulebook-names.ts on the server). The screens show these, never an id.
import { createContext } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Locale } from '../../../src/engine/state.ts';
import { format, refName } from '../../../src/i18n/render.ts';
import type { MessageTablesReply, ScheduleReply } from '../../../src/protocol/index.ts';
import { duration, locale, t as tr } from '../i18n/i18n.ts';
import { tables } from './texts.ts';

/** A rulebook's tables in the interface language, or null while they load. */
export function useRulebook(variant: string | undefined): MessageTablesReply | null {
  const lang = locale();
  const [t, setT] = useState<{ key: string; tables: MessageTablesReply | null } | null>(null);
  const key = `${variant}\u0000${lang}`;
  useEffect(() => {
    if (variant === undefined) return;
    let stale = false;
    void tables(variant, lang).then((x) => !stale && setT({ key, tables: x }));
    return () => {
      stale = true;
    };
  }, [key]);
  return t?.key === key ? t.tables : null;
}

/**
 * The label `key` in the interface language, or `fallback`'s label when the rulebook has none for it (a deadline kind
 * of its own reads as "deadline"); an ellipsis while the tables load.
 */
export function labelOf(t: MessageTablesReply | null, key: string, params: Readonly<Record<string, string | number>> = {}, fallback?: string): string {
  if (!t) return '…';
  const lang = locale();
  const src = t.labels[lang]?.[key] ?? (fallback === undefined ? undefined : t.labels[lang]?.[fallback]);
  if (src === undefined) return key;
  try {
    return format(lang as Locale, src, params);
  } catch {
    return src;
  }
}

/** Whether the rulebook labels `key` in the interface language. */
export function hasLabel(t: MessageTablesReply | null, key: string): boolean {
  return t?.labels[locale()]?.[key] !== undefined;
}

/** The name of a role, side or team in the interface language (the id only while the tables load). */
export function nameOf(t: MessageTablesReply | null, kind: 'role' | 'side' | 'team', id: string): string {
  if (!t) return '…';
  return refName(t, locale() as Locale, { ref: kind, id });
}

/** The language the rulebook's own texts (its declared day) are read in: the reader's if it has it, else the game's. */
export function rulebookLang(t: MessageTablesReply | null, gameLocale: string): string {
  const lang = locale();
  return t?.locales.includes(lang) ? lang : gameLocale;
}

/** A deadline kind's label ("vote closes"), the generic "deadline" for a kind without one. */
export function deadlineLabel(t: MessageTablesReply | null, kind: string): string {
  return labelOf(t, `deadline.${kind}`, {}, 'deadline.other');
}

/** A team channel's name: the rulebook's team, else the side it is named after (palermo's killers), else its id. */
export function teamName(t: MessageTablesReply | null, id: string): string {
  if (!t) return '…';
  const lang = locale() as Locale;
  if (t.teams.some((x) => x.id === id)) return refName(t, lang, { ref: 'team', id });
  if (t.sides.some((x) => x.id === id)) return refName(t, lang, { ref: 'side', id });
  return id;
}

/** When a declared instant falls, in the reader's language: "20:00", "00:00 (next day)", "vote closes + 1 h 0 min". */
export function whenText(t: MessageTablesReply | null, w: ScheduleReply['declared']['instants'][number]['at']): string {
  const minutes = (m: number) => duration(m * 60_000);
  if ('local' in w) return w.dayOffset > 0 ? tr('timeline.nextDay', { time: w.local }) : w.local;
  if ('first' in w) return tr('timeline.first', { time: w.first, span: minutes(w.atLeastMinutes) });
  if ('after' in w) return tr('timeline.after', { base: deadlineLabel(t, w.after), delay: minutes(w.minutes) });
  return tr('timeline.before', { base: deadlineLabel(t, w.before), delay: minutes(w.minutes) });
}

/** The game's language, for what stays in it inside the interface (a form's command line: «ΔΟΛΟΦΟΝΙΑ: Anna»). */
export const GameLang = createContext<string | undefined>(undefined);
