// What any rulebook gets from the simulator without writing a bot: random play on the legal actions the engine
// derives from its declarations (engine/actions), so a bot never sends what a player could not, and a view that
// knows only the player's own role. A rulebook's own sim.ts adds sensible play and its models on top.
import type { GameEvent, PlayerId } from '../core/types.ts';
import type { GameState } from '../engine/state.ts';
import type { LegalAction, Variant } from '../engine/variant.ts';
import { fillLine } from './choose.ts';
import type { Intent, Policy, SimVariant, Turn } from './types.ts';

/** A player's view in the generic adapter: who he is and, once dealt, his role. */
export interface RoleView {
  readonly me: PlayerId;
  role?: string;
}

/** The arguments of one random choice among a legal action's offers, or undefined when one cannot be filled. */
function randomArgs(turn: Turn<unknown>, a: LegalAction): Record<string, string> | undefined {
  const args: Record<string, string> = {};
  for (const p of a.params ?? []) {
    if (p.optional && turn.rng.chance(0.5)) continue;
    if (p.kind === 'player') {
      if (p.targets.length === 0) return p.optional ? args : undefined;
      args[p.key] = turn.rng.pick(p.targets);
    } else if (p.kind === 'choice') {
      if (p.values.length === 0) return p.optional ? args : undefined;
      args[p.key] = turn.rng.pick(p.values);
    } else args[p.key] = 'ok';
  }
  return args;
}

/**
 * Random play: in the early pass of a phase one legal action at a time, chosen uniformly with uniform arguments; in
 * the late pass a player changes his mind now and then. Irreversible actions are left alone (a random bot would spend
 * every card and last word at the first chance).
 */
export const randomPlay: Policy<unknown> = {
  id: 'random',
  act(turn) {
    if (turn.pass > 0 && !turn.rng.chance(0.3)) return [];
    const offered = turn.legal.filter((a) => !a.irreversible && a.line !== undefined);
    if (offered.length === 0) return [];
    const a = turn.rng.pick(offered);
    const args = randomArgs(turn, a);
    const line = args && fillLine(a, args, turn.name);
    if (line === undefined) return [];
    const intent: Intent = a.channel !== undefined ? { via: a.via, text: line, channel: a.channel } : { via: a.via, text: line };
    return [intent];
  },
};

/** What a rulebook tells the generic adapter: its killing and filler roles, and how many rounds a game played. */
export interface GenericSimSpec<V> {
  readonly killerRole: string;
  readonly fillerRole: string;
  rounds(s: GameState<V>): number;
}

/**
 * The simulation adapter of a rulebook from its declarations alone: random play for every role, a view that learns
 * the player's role from the `role.assigned` event every rulebook sends him, and role lists from the default deal.
 */
export function genericSim<V>(variant: Variant<V>, spec: GenericSimSpec<V>): SimVariant<RoleView> {
  const every = Object.fromEntries(variant.roles.map((r) => [r.id, randomPlay]));
  const killers = (players: number) => variant.defaultRoles(players).filter((r) => r === spec.killerRole).length;
  return {
    variant,
    policies: { random: every },
    newView: (me) => ({ me }),
    observe(view, e: GameEvent) {
      const d = e.data as { readonly player?: unknown; readonly role?: unknown };
      if (d.player === view.me && typeof d.role === 'string') view.role = d.role;
    },
    relevant: (e) => e.type === 'role.assigned',
    roleIn: (v) => v.role,
    rounds: (s) => spec.rounds(s as GameState<V>),
    roleList(players, n = killers(players)) {
      const others = variant.defaultRoles(players).filter((r) => r !== spec.killerRole && r !== spec.fillerRole);
      const list = [...Array<string>(n).fill(spec.killerRole), ...others];
      while (list.length < players) list.push(spec.fillerRole);
      return list.slice(0, players);
    },
    defaultKillers: killers,
    killerRole: spec.killerRole,
    fillerRole: spec.fillerRole,
  };
}
