// What a notification says (issue 26): the data each kind stores (the web app renders it in the reader's language),
// where it leads in the web app, and its rendering for push and mail in the account's language. A notification names
// only what its recipient may know: his own open actions, the messages addressed to him, the posts of channels he
// reads; the digest goes to moderators only.
import { createHash } from 'node:crypto';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Millis } from '../core/types.ts';
import type { NotificationKind, NotificationRecord } from '../store/notify.ts';
import { NOTICE_CATALOGS, type NoticeKey, type NoticeLocale } from './notice-texts.ts';

/** An action a reminder names, as the game writes it. */
export interface NoticeAction {
  readonly command: string;
  readonly template: string;
  readonly via: 'post' | 'pm';
  readonly channel?: string;
}

/** One deadline of a digest: who has still to act before it. */
export interface DigestDeadline {
  readonly id: string;
  readonly kind: string;
  readonly at: Millis;
  /** Names of the players with something open, each with the commands open to him. */
  readonly pending: readonly { readonly name: string; readonly commands: readonly string[] }[];
}

/** The moderator's digest of a game day. */
export interface Digest {
  readonly deadlines: readonly DigestDeadline[];
  /** Counters near their limit (one below it, or at it). */
  readonly counters: readonly { readonly name: string; readonly counter: string; readonly value: number; readonly limit: number }[];
  /** Players in the game with no post and no PM for two days: candidates for a substitute. */
  readonly quiet: readonly string[];
}

/** What each kind of notification stores (`game`: the game's id; `title`: its title). */
export type NoticeData =
  | {
      readonly kind: 'reminder';
      readonly game: string;
      readonly title: string;
      readonly zone: string;
      /** The deadline's instant only: its id and kind may be the moderator's (a declared-secret instant). */
      readonly deadline: { readonly at: Millis };
      /** Minutes before the deadline this reminder was planned for. */
      readonly lead: number;
      readonly actions: readonly NoticeAction[];
    }
  | ({ readonly kind: 'digest'; readonly game: string; readonly title: string; readonly zone: string } & Digest)
  | { readonly kind: 'pm'; readonly game: string; readonly title: string; readonly excerpt: string }
  | { readonly kind: 'chat'; readonly game: string; readonly title: string; readonly team: string; readonly from: string; readonly excerpt: string }
  | {
      readonly kind: 'mention' | 'quote';
      readonly game: string;
      readonly title: string;
      readonly from: string;
      readonly channel: string;
      readonly postId: string;
      readonly excerpt: string;
    };

/** The stable id of an account's notification of a source: the same from any instance, so a second insert is a no-op. */
export function noticeId(accountId: string, source: string): string {
  // 22 characters of base64url: also a valid Web Push topic (at most 32 of them).
  return createHash('sha256').update(`${accountId}\u0000${source}`).digest('base64url').slice(0, 22);
}

/** The web app tab a notification opens. */
export function tabOf(d: NoticeData): string {
  switch (d.kind) {
    case 'reminder': {
      const a = d.actions[0];
      return !a || a.via === 'pm' ? 'me' : (a.channel ?? 'main');
    }
    case 'digest':
      return 'console';
    case 'pm':
      return 'me';
    case 'chat':
      return `team:${d.team}`;
    default:
      return d.channel;
  }
}

/** The web app's link to a notification's place (`base`: the server's public URL). */
export function linkOf(base: string, d: NoticeData): string {
  return `${base.replace(/\/$/, '')}/#/games/${encodeURIComponent(d.game)}/${encodeURIComponent(tabOf(d))}`;
}

/** A text cut to about `max` characters at a word, for a notification's excerpt. */
export function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const compiled = new Map<string, IntlMessageFormat>();

/** A message of the notice catalogues in a language. */
export function say(locale: NoticeLocale, key: NoticeKey, params: Record<string, string | number> = {}): string {
  const id = `${locale}\u0000${key}`;
  let f = compiled.get(id);
  if (!f) {
    f = new IntlMessageFormat(NOTICE_CATALOGS[locale][key], locale);
    compiled.set(id, f);
  }
  return String(f.format(params));
}

/** A lead or a span as the language says it ("3 hours", "30 Minuten"). */
export function span(locale: NoticeLocale, minutes: number): string {
  const hours = minutes % 60 === 0;
  return new Intl.NumberFormat(locale, { style: 'unit', unit: hours ? 'hour' : 'minute', unitDisplay: 'long' }).format(hours ? minutes / 60 : minutes);
}

/** An instant as the language writes it, in the game's zone. */
export function instant(locale: NoticeLocale, at: Millis, zone: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: zone }).format(at);
}

/** A command line as a reminder shows it: the game's own template with its blanks shown as such. */
export function actionLine(a: NoticeAction): string {
  return a.template
    .split('\n')[0]!
    .replace(/\{(name|choice|pseudonym)\}/g, '…')
    .trim();
}

/** A notification rendered for push and mail: its title, its lines, where it leads. */
export interface RenderedNotice {
  readonly title: string;
  readonly lines: readonly string[];
  readonly link: string;
}

/** Renders a notification in `locale` (`base`: the server's public URL, for its link). */
export function renderNotice(n: Pick<NotificationRecord, 'data'>, locale: NoticeLocale, base: string): RenderedNotice {
  const d = n.data as NoticeData;
  const link = linkOf(base, d);
  switch (d.kind) {
    case 'reminder':
      return {
        title: say(locale, 'reminder.title', { left: span(locale, d.lead), game: d.title }),
        lines: [say(locale, 'reminder.body', { when: instant(locale, d.deadline.at, d.zone), zone: d.zone }), ...d.actions.map((a) => `• ${actionLine(a)}`)],
        link,
      };
    case 'digest': {
      const list = (names: readonly string[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
      return {
        title: say(locale, 'digest.title', { game: d.title }),
        lines: [
          ...d.deadlines.map((x) =>
            x.pending.length > 0
              ? say(locale, 'digest.pending', { when: instant(locale, x.at, d.zone), names: list(x.pending.map((p) => p.name)) })
              : say(locale, 'digest.allDone', { when: instant(locale, x.at, d.zone) }),
          ),
          ...d.counters.map((c) =>
            say(locale, 'digest.counter', { name: c.name, counter: say(locale, `counter.${c.counter}` as NoticeKey), value: c.value, limit: c.limit }),
          ),
          ...(d.quiet.length > 0 ? [say(locale, 'digest.quiet', { names: list(d.quiet) })] : []),
        ],
        link,
      };
    }
    case 'pm':
      return { title: say(locale, 'pm.title', { game: d.title }), lines: [d.excerpt], link };
    case 'chat':
      return { title: say(locale, 'chat.title', { from: d.from, team: d.team, game: d.title }), lines: [d.excerpt], link };
    case 'mention':
    case 'quote':
      return { title: say(locale, d.kind === 'mention' ? 'mention.title' : 'quote.title', { from: d.from, game: d.title }), lines: [d.excerpt], link };
  }
}

/** Which kinds go out by mail (reminders and digests); everything goes to the list and, if enabled, by push. */
export const MAILED: ReadonlySet<NotificationKind> = new Set(['reminder', 'digest']);
