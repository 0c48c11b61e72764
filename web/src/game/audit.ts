// The console's audit log as sentences in the reader's language (src/i18n/labels.ts' `audit.*` labels): who did
// what, a moderator action by its label with its arguments by theirs, a deadline by its kind's label; never the
// event's id or its raw data.
import type { Locale } from '../../../src/engine/state.ts';
import { renderMessage } from '../../../src/i18n/render.ts';
import type { AuditReply, MessageTablesReply, PublicPlayer } from '../../../src/protocol/index.ts';
import { list, locale, wallTime } from '../i18n/i18n.ts';
import { deadlineLabel, hasLabel, labelOf, nameOf } from './labels.ts';

type Entry = AuditReply['items'][number];

/** One argument's value as the sentence shows it (a side by its name, a list joined). */
function value(t: MessageTablesReply | null, key: string, v: unknown): string {
  if (Array.isArray(v)) return v.length === 0 ? labelOf(t, 'value.none') : list(v.map(String));
  if (v === 'none') return labelOf(t, 'value.none');
  if (key === 'side' && typeof v === 'string') return nameOf(t, 'side', v);
  if ((key === 'deadline' || key === 'what') && typeof v === 'string') return deadlineLabel(t, v);
  if (key === 'cause' && hasLabel(t, `removed.${String(v)}`)) return labelOf(t, `removed.${String(v)}`);
  // A moved deadline's new time, as the reader writes dates ("4 Nov 2025, 11:00"), not the form's raw value.
  return (typeof v === 'string' && wallTime(v)) || String(v);
}

/** A moderator action with its arguments: «Move a deadline (Which deadline: vote closes; New time: …)». */
function action(t: MessageTablesReply | null, name: string, args: Readonly<Record<string, unknown>>): string {
  const label = labelOf(t, `mod.${name}`, {}, 'mod.other');
  const shown = Object.entries(args).filter(([, v]) => v !== undefined && v !== '');
  if (shown.length === 0) return label;
  const argLabel = (k: string) => labelOf(t, hasLabel(t, `mod.${name}.${k}`) ? `mod.${name}.${k}` : `arg.${k}`, {}, 'arg.other');
  return `${label} (${shown.map(([k, v]) => `${argLabel(k)}: ${value(t, k, v)}`).join('; ')})`;
}

/** An audit entry as a sentence; `players` names the seats an event refers to by id. */
export function auditLine(t: MessageTablesReply | null, it: Entry, players: readonly PublicPlayer[]): string {
  const d = (it.data ?? {}) as Record<string, unknown>;
  const str = (x: unknown) => (x === undefined || x === null ? '' : String(x));
  const seat = (id: unknown) => players.find((p) => p.id === id)?.name ?? str(id);
  const key = `audit.${it.type}`;
  if (!hasLabel(t, key)) return labelOf(t, 'audit.other');
  switch (it.type) {
    case 'moderator.action':
      return labelOf(t, key, { by: str(d.by), action: action(t, str(d.action), (d.args ?? {}) as Record<string, unknown>) });
    case 'deadline.fired':
      return labelOf(t, key, { kind: deadlineLabel(t, str(d.kind)) });
    case 'game.ended':
      return labelOf(t, key, { side: value(t, 'side', d.side) });
    case 'moderator.flag': {
      // The flag's own text where the rulebook has it in the reader's language.
      const lang = locale();
      const reason = str(d.reason);
      const text = t?.messages[lang]?.[reason] !== undefined ? renderMessage(t!, lang as Locale, { key: reason, params: (d.params ?? {}) as never }) : '';
      return labelOf(t, key, { text });
    }
    case 'player.removed':
    case 'player.restored':
      return labelOf(t, key, { name: seat(d.player) });
    case 'player.substituted':
      return labelOf(t, key, { name: str(d.name), previous: str(d.previous) || seat(d.player) });
    case 'reminders.set':
      return labelOf(t, key, { by: str(d.by), list: value(t, 'minutes', d.minutes) });
    default:
      return labelOf(t, key, Object.fromEntries(Object.entries(d).map(([k, v]) => [k, str(v)])));
  }
}
