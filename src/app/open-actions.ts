// What a player still has to do before a deadline (issue 26, reminders): the one place the notifications ask the
// rules. It reads the engine's legal actions (`variant.legalActions`, which the declared-actions refactor will derive
// from each action's declaration) and two read models, never a rulebook's private state and never a second list of
// actions. Today's legal actions still offer an action after it was taken (a vote can be changed, an order replaced),
// so "already acted" is decided here, and written down in docs/server.md («Reminders»):
//
// - An action is *open before a deadline* when the legal actions offer it with `until` at that deadline's instant
//   and it takes an argument (a target or a choice). An action without one (withdraw a vote, «no kill», step down)
//   is a way out of an obligation, never an obligation itself.
// - A vote (`vote`, `ballot`) is done when the live vote count (app/views.ts `voteCount`, the rulebook's own count
//   where it keeps one) lists the player among the voters, and open when it lists him among those who have not
//   voted; so a vote withdrawn or voided is open again.
// - Any other action is done when, since the open phase began (the latest fired deadline, or the start), a post or
//   PM of the player holds that command as the engine reads it (`recognise`) and the engine refused no line of it
//   naming that command; or he took the way out named after it (`nokill` settles `kill`, `notour` settles `tour`).
//   An order sent before an intermediate deadline of the same window is not seen: the player then gets a reminder
//   he did not need, never misses one he needed.
import type { GameEvent, Millis, PlayerId } from '../core/types.ts';
import { typed } from '../engine/events.ts';
import { recognise } from '../engine/game.ts';
import type { GameState } from '../engine/state.ts';
import type { LegalAction, Variant } from '../engine/variant.ts';
import { voteCount } from './views.ts';

/** Commands the live vote count tallies: whether they are done is the count's to say. */
const COUNTED = new Set(['vote', 'ballot']);

/** An action a player has yet to take before a deadline. */
export interface OpenAction {
  readonly command: string;
  readonly via: 'post' | 'pm';
  /** The channel a post goes to, when the game has several. */
  readonly channel?: string;
  /** How it is written in the game's language (`Vote: {name}`). */
  readonly template: string;
  readonly until: Millis;
}

/** The index of the first event of the open phase in `events` (after the latest `deadline.fired` or `game.started`). */
export function phaseStart(events: readonly GameEvent[]): number {
  for (let i = events.length - 1; i >= 0; i--) if (events[i]!.type === 'deadline.fired' || events[i]!.type === 'game.started') return i + 1;
  return 0;
}

/**
 * The commands each player took in `events` (the open phase's, see `phaseStart`): those the engine read in his posts
 * and PMs, less those of a line it refused him in the same decision.
 */
export function actedIn(variant: Variant<unknown>, s: GameState<unknown>, events: readonly GameEvent[]): Map<PlayerId, Set<string>> {
  const out = new Map<PlayerId, Set<string>>();
  const refused = new Map<string, Set<string>>();
  // A refusal names the refused line; it is read alone to learn which command was refused.
  for (const e of events) {
    const ev = typed(e);
    if (ev.type !== 'command.rejected' || ev.data.player === undefined || ev.data.line === '') continue;
    const key = `${ev.data.player}\u0000${e.at}`;
    const cmd = { type: 'pm' as const, at: e.at, actor: { kind: 'player' as const, id: ev.data.player }, text: ev.data.line };
    const named = [...recognise(variant, s, cmd), ...recognise(variant, s, { ...cmd, type: 'post' })].map((r) => r.command);
    const set = refused.get(key) ?? new Set<string>();
    for (const c of named) set.add(c);
    refused.set(key, set);
  }
  for (const e of events) {
    const ev = typed(e);
    let player: PlayerId | undefined;
    let read: readonly { command: string }[] = [];
    if (ev.type === 'pm.received') {
      player = ev.data.from;
      read = recognise(variant, s, { type: 'pm', at: e.at, actor: { kind: 'player', id: player }, text: ev.data.text });
    } else if (ev.type === 'post.published') {
      player = ev.data.author;
      const channel = ev.data.channel;
      read = recognise(variant, s, { type: 'post', at: e.at, actor: { kind: 'player', id: player }, text: ev.data.text, ...(channel ? { channel } : {}) });
    }
    if (player === undefined || read.length === 0) continue;
    const no = refused.get(`${player}\u0000${e.at}`);
    const set = out.get(player) ?? new Set<string>();
    for (const r of read) if (!no?.has(r.command)) set.add(r.command);
    out.set(player, set);
  }
  return out;
}

/** Whether a legal action obliges the player (it takes a target or a choice) rather than offering a way out. */
function obliges(a: LegalAction): boolean {
  return (a.targets !== undefined && a.targets.length > 0) || (a.choices !== undefined && a.choices.length > 0);
}

/**
 * The actions `player` has yet to take before the deadline at `deadlineAt`, in the legal actions' order; `acted` is
 * what he took in the open phase (`actedIn`).
 */
export function openActions(
  variant: Variant<unknown>,
  s: GameState<unknown>,
  player: PlayerId,
  deadlineAt: Millis,
  acted: ReadonlySet<string> = new Set(),
): OpenAction[] {
  const legal = variant.legalActions(s, player).filter((a) => a.until === deadlineAt);
  if (legal.length === 0) return [];
  const count = voteCount(variant, s);
  const name = s.players[player]?.name;
  const settled = (a: LegalAction) => {
    if (COUNTED.has(a.command) && count) return name !== undefined && !count.notVoted.includes(name);
    if (acted.has(a.command)) return true;
    // «nokill» settles «kill», «notour» settles «tour»: the way out named after the obligation.
    return acted.has(`no${a.command}`) || acted.has(`un${a.command}`);
  };
  return legal
    .filter((a) => obliges(a) && !settled(a))
    .map((a) => ({
      command: a.command,
      via: a.via,
      ...(a.channel !== undefined ? { channel: a.channel } : {}),
      template: a.template,
      until: deadlineAt,
    }));
}
