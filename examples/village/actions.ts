// The village's player actions, each declared once: the vote (a thread post, by day) and the mafia's order (a private
// message, by night). From these declarations the engine derives the command check, what each player may do now
// (the browser's forms, reminders, bots), the command lines the role messages teach, and `narrator rules`.
import type { Command } from '../../src/core/types.ts';
import { perform } from '../../src/engine/actions/check.ts';
import { alive, inGame, notSelf, player, resolve, role, team } from '../../src/engine/actions/guards.ts';
import { rulebook } from '../../src/engine/actions/kit.ts';
import type { Builder } from '../../src/engine/builder.ts';
import { forward, publishPost, syntaxOf } from '../../src/engine/game.ts';
import { parseCommands } from '../../src/engine/parse.ts';
import type { EngineRejectionCode } from '../../src/engine/rejections.ts';
import { type GameState, isAlive, nameOf, playersIn } from '../../src/engine/state.ts';
import { SCHEDULE } from './schedule.ts';
import type { VillageEvents, VillageState } from './state.ts';

/** The refusals a village game gives: the engine's (R-NAME, R-NOT-IN-GAME, …) and the rulebook's own. */
export type VillageRejection = EngineRejectionCode | 'R-NO-VOTE' | 'R-VOTE-PM' | 'R-SELF' | 'R-TARGET-OUT' | 'R-ROLE' | 'R-NIGHT-ONLY' | 'R-MAFIA-TARGET';

type B = Builder<VillageState, VillageEvents, VillageRejection>;
type S = GameState<VillageState>;

/** The mafia's private channel: the mafiosi in the game. */
export function mafia(s: S) {
  return {
    kind: 'team',
    team: 'mafia',
    ids: playersIn(s)
      .filter((p) => p.role === 'mafioso')
      .map((p) => p.id),
  } as const;
}

/** A player's team as the mafia's order reads it. */
const teamOf = (s: S, id: string) => (s.players[id]?.role === 'mafioso' ? 'mafia' : 'village');

const K = rulebook<VillageState, VillageEvents, VillageRejection>({
  schedule: SCHEDULE,
  // Joining and leaving the signup are command lines of their own, alone on a line of a thread post.
  extraSyntax: [
    { command: 'join', keywords: ['Join'], form: 'none', where: 'post', taught: { en: 'Join' } },
    { command: 'leave', keywords: ['Leave'], form: 'none', where: 'post', taught: { en: 'Leave' } },
  ],
});

/** The day's vote: any other player in the game; a later vote replaces the earlier one. */
const VOTE = K.action({
  id: 'vote',
  command: 'vote',
  via: 'post',
  syntax: [{ keywords: ['Vote'], form: 'colon', taught: { en: 'Vote' } }],
  summary: { en: 'the day’s vote: any other player in the game; a later vote replaces it' },
  rules: 'VIL-VOTE',
  params: { target: player('R-NAME') },
  // The order is the precedence: the first condition that fails gives the refusal.
  checks: [alive('R-NOT-IN-GAME'), K.window('vote', 'R-NO-VOTE'), resolve('target'), notSelf('target', 'R-SELF'), inGame('target', 'R-TARGET-OUT')],
  effect(b, a) {
    b.emit('vote.cast', { voter: a.me, target: a.args.target });
  },
});

/** The mafia's order: any player in the game who is not a mafioso; the last order of the night counts. */
const KILL = K.action({
  id: 'kill',
  command: 'kill',
  via: 'pm',
  syntax: [{ keywords: ['Kill'], form: 'colon', taught: { en: 'Kill' } }],
  summary: { en: 'the mafia’s order by night: a player in the game outside the mafia' },
  rules: 'VIL-KILL',
  params: { target: player('R-NAME') },
  checks: [
    alive('R-NOT-IN-GAME'),
    role('mafioso', 'R-ROLE'),
    K.window('kill', 'R-NIGHT-ONLY'),
    resolve('target'),
    inGame('target', 'R-TARGET-OUT'),
    team('target', 'R-MAFIA-TARGET', false, teamOf),
  ],
  effect(b, a) {
    const s = b.state;
    b.emit('kill.ordered', { by: a.me, target: a.args.target }, mafia(s));
    b.say(mafia(s), { key: 'MSG-ORDER-ACK', params: { target: nameOf(s, a.args.target) } });
  },
});

/** Every declared action, compiled once (the variant's `actions` and `syntax`). */
export const ACTIONS = K.table([VOTE, KILL]);

/** A thread post: published, then each of its vote lines performed. Players who are out post nothing. */
export function onPost(b: B, cmd: Extract<Command, { type: 'post' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const actor = cmd.actor;
  if (!isAlive(b.state, actor.id)) return b.reject(actor, 'R-NOT-IN-GAME');
  publishPost(b, actor.id, cmd.text, cmd.postId);
  for (const line of parseCommands(cmd.text, syntaxOf(b.variant))) perform(b, ACTIONS, actor, 'post', line, cmd);
}

/** A private message: its command lines performed in order; a message without one goes to the moderator. */
export function onPm(b: B, cmd: Extract<Command, { type: 'pm' }>): void {
  if (cmd.actor.kind !== 'player') return;
  const actor = cmd.actor;
  const lines = parseCommands(cmd.text, syntaxOf(b.variant));
  if (lines.length === 0) return forward(b, actor, cmd.text);
  b.emit('pm.received', { from: actor.id, text: cmd.text }, { kind: 'players', ids: [actor.id] });
  for (const line of lines) {
    // A line no declaration takes by PM: a vote (posted in the thread) or a signup command after the signup.
    if (perform(b, ACTIONS, actor, 'pm', line, cmd) === undefined)
      b.reject(actor, line.command === 'vote' ? 'R-VOTE-PM' : 'R-SIGNUP-CLOSED', {}, { line: line.line });
  }
}
