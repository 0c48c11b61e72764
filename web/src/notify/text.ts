// A notification as the reader's language says it: its title and body from the kind's data (src/app/notices.ts
// `NoticeData`), the game's own words (its title, a command as the game writes it, names) kept as they are.
import type { NotificationItem } from '../../../src/protocol/index.ts';
import { dateTime, list, t } from '../i18n/i18n.ts';

/** The fields the kinds' data hold (src/app/notices.ts `NoticeData`), each where its kind has it. */
interface Data {
  readonly title?: string;
  readonly zone?: string;
  readonly lead?: number;
  readonly deadline?: { readonly at: number };
  readonly actions?: readonly { readonly template: string; readonly via: string; readonly channel?: string }[];
  readonly deadlines?: readonly { readonly at: number; readonly pending: readonly { readonly name: string }[] }[];
  readonly quiet?: readonly string[];
  readonly excerpt?: string;
  readonly from?: string;
  readonly team?: string;
  readonly channel?: string;
}

/** A lead in minutes as the language says it ("3 hours", "30 minutes"). */
export function leadText(minutes: number): string {
  return minutes % 60 === 0 ? t('notice.hours', { n: minutes / 60 }) : t('notice.minutes', { n: minutes });
}

/** A command line as a reminder shows it: the game's template with its blanks as "…". */
function line(template: string): string {
  return template
    .split('\n')[0]!
    .replace(/\{(name|choice|pseudonym)\}/g, '…')
    .trim();
}

/** The title and body of a notification in the interface's language. */
export function noticeText(n: Pick<NotificationItem, 'kind' | 'data'>): { title: string; body: string } {
  const d = n.data as Data;
  const game = String(d.title ?? '');
  switch (n.kind) {
    case 'reminder':
      return {
        title: t('notice.reminder', { left: leadText(Number(d.lead)), game }),
        body: t('notice.reminderBody', {
          when: dateTime(Number(d.deadline?.at), d.zone),
          actions: list((d.actions ?? []).map((a) => line(a.template))),
        }),
      };
    case 'digest': {
      const pending = (d.deadlines ?? []).map((x) =>
        x.pending.length > 0 ? t('notice.digestPending', { when: dateTime(x.at, d.zone), names: list(x.pending.map((p) => p.name)) }) : '',
      );
      const quiet = (d.quiet ?? []).length > 0 ? [t('notice.digestQuiet', { names: list(d.quiet ?? []) })] : [];
      return { title: t('notice.digest', { game }), body: [...pending.filter(Boolean), ...quiet].join(' · ') || t('notice.digestAllDone') };
    }
    case 'pm':
      return { title: t('notice.pm', { game }), body: String(d.excerpt ?? '') };
    case 'chat':
      return { title: t('notice.chat', { from: d.from || t('notice.narrator'), team: String(d.team), game }), body: String(d.excerpt ?? '') };
    case 'mention':
      return { title: t('notice.mention', { from: String(d.from), game }), body: String(d.excerpt ?? '') };
    case 'quote':
      return { title: t('notice.quote', { from: String(d.from), game }), body: String(d.excerpt ?? '') };
  }
}

/** The app route a notification opens. */
export function noticeHref(n: Pick<NotificationItem, 'kind' | 'data' | 'game'>): string {
  const d = n.data as Data;
  const tab =
    n.kind === 'reminder'
      ? d.actions?.[0]?.via === 'post'
        ? (d.actions[0]?.channel ?? 'main')
        : 'me'
      : n.kind === 'digest'
        ? 'console'
        : n.kind === 'pm'
          ? 'me'
          : n.kind === 'chat'
            ? `team:${d.team}`
            : String(d.channel ?? 'main');
  return `#/games/${encodeURIComponent(n.game ?? '')}/${encodeURIComponent(tab)}`;
}
