// The command path (issue 24 item 4): what every input — an HTTP route, the scheduler's deadline, a step of a game
// script — passes through on its way into a game, inside the game's queue (GameService.execute): the caller's version
// guard, the engine's `decide`, the console's "a refusal is an error", and the look-alike seat rule. A refusal here
// is a CommandError with a stable code: the server maps it to an HTTP status, a script reports the code. The reply is
// written in the caller's numbering (`replyOf`), so it never counts an event he may not see.

import { nameSkeleton } from '../core/names.ts';
import type { Command, GameEvent, Millis, Params, Rejection, Viewer } from '../core/types.ts';
import { typed } from '../engine/events.ts';
import { type Decision, decide } from '../engine/game.ts';
import type { GameState } from '../engine/state.ts';
import type { Variant } from '../engine/variant.ts';
import { type Cursors, canSee } from '../engine/view.ts';
import { renderMessage } from '../i18n/render.ts';
import type { CommandReply } from '../protocol/index.ts';
import { nameKey } from './accounts.ts';
import { CommandError } from './errors.ts';
import type { LoadedGame, Outcome } from './game-service.ts';
import { versionFor } from './views.ts';

/** How a command enters a game. */
export interface CommandRequest {
  /** The command, stamped with the instant it is decided at. */
  readonly make: (at: Millis) => Command;
  /**
   * The sender's viewer in the game as it stands: asked in the queue for the version guard, and again after the
   * commit for the reply (a sign-up makes a spectator a player).
   */
  readonly as: (g: LoadedGame) => Viewer;
  /** Refuse with game.stale_version unless the game is at this version in the sender's numbering. */
  readonly ifVersion?: number | undefined;
  /**
   * 'reply' (players, the scheduler, scripts): a refusal is committed and listed in the reply. 'error' (the
   * moderator's console): a refusal is an answer to the moderator, not a change of the game, so nothing is committed
   * and mod.refused is thrown.
   */
  readonly refusals?: 'reply' | 'error';
}

/** The sender of the system's own commands (the scheduler's deadlines): it sees everything, as the moderator does. */
export const SYSTEM_VIEW = (): Viewer => ({ kind: 'moderator' });

/** A rejection with its text in the game's locale. */
export function renderedRejection(variant: Variant<unknown>, s: GameState<unknown>, r: Rejection): { code: string; text: string; params?: Params } {
  const text = renderMessage(variant, s.config.locale, { key: r.code, params: r.params });
  return { code: r.code, text, ...(r.params && Object.keys(r.params).length > 0 ? { params: r.params } : {}) };
}

/**
 * Decides one command on the game as its queue has it (`g`, with the batch's earlier commands folded in): the version
 * guard, the engine, the console's refusals, the seat rule. Throws a CommandError, which commits nothing.
 */
export function decideCommand(g: LoadedGame, at: Millis, req: CommandRequest): Decision<unknown> {
  const expected = req.ifVersion;
  if (expected !== undefined) {
    const viewer = req.as(g);
    // GameService.execute builds the index before queueing; a game reloaded meanwhile has none.
    if (viewer.kind !== 'moderator' && !g.cursors) throw new CommandError('game.conflict', 'the game changed; try again');
    // The moderator's numbering is the global one.
    const v = versionFor(g, viewer, g.cursors, g.version);
    if (v !== expected) throw new CommandError('game.stale_version', `the game is at version ${v}, not ${expected}`, { version: v });
  }
  const decision = decide(g.variant, g.state, req.make(at));
  if (req.refusals === 'error' && decision.rejections.length > 0) {
    const rejections = decision.rejections.map((r) => renderedRejection(g.variant, g.state, r));
    throw new CommandError('mod.refused', rejections[0]!.text, { rejections, version: g.version });
  }
  refuseLookAlikes(g.state, g.meta.moderators, decision.events);
  return decision;
}

/**
 * A seat whose name looks like another seat's or a moderator's (same confusable skeleton) would let one player
 * pass for another in the thread and in vote lines, so a sign-up or a substitution that makes one is refused. The
 * seats are checked against the game before the events (`s`), and each new seat against those signed up before it.
 */
export function refuseLookAlikes(s: Pick<GameState<unknown>, 'order' | 'players'>, moderators: readonly string[], events: readonly GameEvent[]): void {
  let taken: string[] | undefined;
  for (const e of events) {
    const ev = typed(e);
    if (ev.type !== 'player.signed_up' && ev.type !== 'player.substituted') continue;
    const name = ev.data.name;
    const seat = ev.type === 'player.substituted' ? ev.data.player : ev.data.id;
    taken ??= s.order.map((id) => s.players[id]!.name);
    const mine = nameSkeleton(name);
    const others = [...s.order.filter((id) => id !== seat).map((id) => s.players[id]!.name), ...taken.slice(s.order.length), ...moderators];
    const alike = others.find((n) => nameKey(n) !== nameKey(name) && nameSkeleton(n) === mine);
    if (alike !== undefined) throw new CommandError('game.name_confusable', `"${name}" looks like "${alike}" in this game`, { like: alike });
    if (ev.type === 'player.signed_up') taken.push(name);
  }
}

/**
 * The reply to a command in the sender's numbering: his version and the numbers of the events of his command he may
 * see, so a reply never counts hidden events. `cursors` is the game's index (none needed for a moderator).
 */
export function replyOf(g: LoadedGame, viewer: Viewer, cursors: Cursors | undefined, o: Outcome): CommandReply {
  const seqs: number[] = [];
  for (const e of o.events) if (canSee(viewer, e.event.audience)) seqs.push(cursors ? cursors.count(viewer, e.seq) : e.seq);
  const accepted = o.rejections.length === 0;
  const version = versionFor(g, viewer, cursors, o.version);
  const rejections = accepted ? [] : o.rejections.map((r) => renderedRejection(g.variant, g.state, r));
  return o.commands ? { accepted, version, seqs, rejections, commands: [...o.commands] } : { accepted, version, seqs, rejections };
}
