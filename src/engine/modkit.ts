// The moderator's toolkit every rulebook shares (issue 25 item 1): the same actions under the same names in every
// rulebook (`substitute`, `move-deadline`, `void-vote`, `remove`, `restore`, `pause`, `resume`, `end`), built once
// here and configured by each rulebook with data and a few hooks where its rules differ. A rulebook that lacks one
// declares why ("not in this rulebook because …"), and the names it used before stay accepted as aliases, so old
// scripts and API clients keep working. `pause` and `resume` are the engine's own actions (engine/game.ts); a
// rulebook only says what a pause allows its players (its `pause` policy).
import { z } from 'zod';
import type { Millis, PlayerId } from '../core/types.ts';
import type { Builder } from './builder.ts';
import {
  argPlayer,
  ENGINE_MOD_ACTIONS,
  livePlayerArg,
  type ModAction,
  type ModActionInfo,
  type ModActions,
  type ModResult,
  modActionsOf,
  modArg,
  notRunning,
  type RestoreSpec,
  refuse,
  refused,
  restoreAction,
  substituteSeat,
} from './modactions.ts';
import type { Named, NameMatch } from './names.ts';
import type { GameState } from './state.ts';
import { nameOf } from './state.ts';
import { parseTimestamp } from './time.ts';

/** The toolkit's actions, in the order the console and `narrator rules` list them. */
export const TOOLKIT = ['substitute', 'move-deadline', 'void-vote', 'remove', 'restore', 'pause', 'resume', 'end'] as const;

/** One action of the shared toolkit. */
export type Tool = (typeof TOOLKIT)[number];

/** The toolkit's actions a rulebook configures (pause and resume are the engine's). */
export type RulebookTool = Exclude<Tool, 'pause' | 'resume'>;

type Match = (text: string, players: readonly Named[]) => NameMatch;

/**
 * What a moderator's pause allows the players (issue 25 item 3), decided per rulebook from its rules: `accepted`
 * (posts, votes and orders count and belong to the open phase, as on the rulebook's pause days; nothing resolves and
 * no deadline passes) or `refused` (every player input is refused with `code`, a freeze).
 */
export interface PausePolicy {
  readonly inputs: 'accepted' | 'refused';
  /** The refusal of every player input while paused (`refused` only). */
  readonly code?: string;
  /** The rule ids the decision rests on. */
  readonly rules: string;
}

/** `substitute`: a newcomer takes over a seat with everything it holds (PAL-MOD-8, DE-MOD-8, CIT-MOD-9). */
export interface SubstituteSpec<V, M> {
  readonly rules: string;
  /** Which seat may be handed over: one still in the game (default) or any signed-up seat. */
  readonly seat?: 'in-game' | 'any';
  /** A refusal of the newcomer the rulebook adds (mafia-de's blacklist), checked before the seat changes hands. */
  check?(s: GameState<V>, name: string): ModResult;
  /**
   * Announces the hand-over (the rulebook's message) and sends the seat's new holder his role message again; `prior`
   * is the state before it (what the message says of the leaving player, such as his grammatical gender).
   */
  announce(b: Builder<V, M>, id: PlayerId, old: string, prior: GameState<V>): void;
}

/** `move-deadline`: any pending deadline of the open phase, earlier or later; the new local time is posted. */
export interface MoveDeadlineSpec<V, M, D extends string> {
  readonly rules: string;
  /** One sentence for the API and `narrator rules`: which deadlines and what moves with them. */
  readonly summary: string;
  /** Every deadline the rulebook can move, in the order the console offers them. */
  readonly deadlines: readonly [D, ...D[]];
  /** What each deadline is (the argument's description). */
  readonly describe: string;
  /** The deadlines pending now, the default first (an empty list: nothing to move). */
  pending(s: GameState<V>): readonly D[];
  /** The refusal's reason for a deadline that is not pending now (default: "the … deadline is not pending now"). */
  readonly notPending?: Readonly<Partial<Record<D, string>>>;
  /** Moves `which` to `to` (a future instant) and posts its new local time, or refuses. */
  move(b: Builder<V, M>, which: D, to: Millis): ModResult;
  /** True when it also moves the signup's deadline (`pending` then answers during signup too). */
  readonly signup?: boolean;
}

/** `void-vote`: the moderator voids a player's current vote (PAL-MOD-7). */
export interface VoidVoteSpec<V, M> {
  readonly rules: string;
  /** What voiding means in this rulebook, if more than "the vote no longer counts" (mafia-de: the default vote). */
  readonly summary?: string;
  /** The player's current vote, or undefined when he has none to void. */
  voteOf(s: GameState<V>, id: PlayerId): PlayerId | undefined;
  /** Voids it (events and, where the rules publish votes, a notice). */
  void(b: Builder<V, M>, id: PlayerId, target: PlayerId): void;
}

/** `remove`: the moderator takes a player in the game out of it (a penalty or a correction, per rulebook). */
export interface RemoveSpec<V, M, S extends z.ZodType<{ readonly name: string }>> {
  readonly rules: string;
  readonly summary: string;
  /** The arguments: the player's `name` and what else the rulebook asks (a reason, a warning). */
  readonly args: S;
  /** Removes the named player, who is in the running game. */
  run(b: Builder<V, M>, id: PlayerId, args: z.output<S>): ModResult;
}

/** `end`: the moderator ends the game with a declared result. */
export interface EndSpec<V, M, S extends z.ZodType<Record<string, unknown>>> {
  readonly rules: string;
  readonly summary: string;
  /** The arguments: the declared `side` (the rulebook's sides and "none") and what else it asks. */
  readonly args: S;
  /** Ends the running game. */
  run(b: Builder<V, M>, args: z.output<S>): ModResult;
}

/** A tool a rulebook does not have, with the reason the console and `narrator rules` give. */
export type Forbidden = Readonly<Partial<Record<RulebookTool, string>>>;

/**
 * A rulebook's configuration of the toolkit. Every tool is either configured or declared forbidden with its reason
 * (the kit refuses to build otherwise, when the module loads).
 */
export interface KitSpec<V, M, D extends string, RS extends z.ZodType<{ readonly name: string }>, ES extends z.ZodType<Record<string, unknown>>> {
  /** The rulebook's name matcher and the parameter its R-NAME refusal names the input by. */
  readonly match: Match;
  readonly nameParam: string;
  readonly pause: PausePolicy;
  readonly substitute?: SubstituteSpec<V, M>;
  readonly moveDeadline?: MoveDeadlineSpec<V, M, D>;
  readonly voidVote?: VoidVoteSpec<V, M>;
  readonly remove?: RemoveSpec<V, M, RS>;
  readonly restore?: Omit<RestoreSpec<V, M>, 'match' | 'nameParam'>;
  readonly end?: EndSpec<V, M, ES>;
  /** Tools this rulebook does not have, and why. */
  readonly forbidden?: Forbidden;
  /** The rulebook's own actions (besides the toolkit). */
  readonly own?: ModActions<V, M>;
  /** Names the rulebook used before for a toolkit action, accepted on input: `{ stop: 'end' }`. */
  readonly aliases?: Readonly<Record<string, RulebookTool>>;
}

/** What a rulebook hands the engine about its toolkit besides the actions themselves. */
export interface ModKitInfo {
  /** Old names of toolkit actions, accepted as the new ones (engine/game.ts resolves them first). */
  readonly aliases: Readonly<Record<string, string>>;
  /** Toolkit actions the rulebook does not have, with the reason. */
  readonly forbidden: Forbidden;
  readonly pause: PausePolicy;
}

/** A rulebook's built toolkit: the action table (toolkit and own actions) and what the engine needs to know. */
export interface ModKit<V, M> extends ModKitInfo {
  readonly actions: ModActions<V, M>;
  /**
   * Every name a moderator may send with its description: the actions and their older names (an alias has its
   * action's schema), as the variant's `modActions` for the API's request schema and validation.
   */
  readonly described: Readonly<Record<string, ModActionInfo>>;
}

/** The name of an action as the rulebook knows it now: an alias gives its toolkit name, any other name itself. */
export function canonicalAction(kit: ModKitInfo | undefined, action: string): string {
  return kit !== undefined && Object.hasOwn(kit.aliases, action) ? kit.aliases[action]! : action;
}

/** Why the rulebook has no such toolkit action, or undefined when it has it (or the name is no toolkit action). */
export function forbiddenReason(kit: ModKitInfo | undefined, action: string): string | undefined {
  const f: Readonly<Record<string, string | undefined>> = kit?.forbidden ?? {};
  return Object.hasOwn(f, action) ? f[action] : undefined;
}

/**
 * The refusal code of a player's input while the moderator has paused a game whose rulebook freezes it, or undefined
 * when the input is taken as usual (issue 25 item 3; mafia-cities §3.3 REJ-FROZEN).
 */
export function frozenOut<V>(kit: ModKitInfo | undefined, s: GameState<V>, actor: { readonly kind: string }): string | undefined {
  if (kit === undefined || kit.pause.inputs !== 'refused' || s.pausedSince === undefined || s.status !== 'running' || actor.kind !== 'player') return undefined;
  return kit.pause.code ?? 'R-MOD-ARGS';
}

/** The toolkit builder of one rulebook's state and events: `modKitOf<PalState, PalEvents>()({ … })`. */
export function modKitOf<V, M>() {
  return <D extends string, RS extends z.ZodType<{ readonly name: string }>, ES extends z.ZodType<Record<string, unknown>>>(
    spec: KitSpec<V, M, D, RS, ES>,
  ): ModKit<V, M> => modKit(spec);
}

/** Builds a rulebook's toolkit from its configuration; throws on a rulebook bug (a tool neither given nor forbidden). */
export function modKit<V, M, D extends string, RS extends z.ZodType<{ readonly name: string }>, ES extends z.ZodType<Record<string, unknown>>>(
  spec: KitSpec<V, M, D, RS, ES>,
): ModKit<V, M> {
  const mod = modActionsOf<V, M>();
  const forbidden = spec.forbidden ?? {};
  const tools: Partial<Record<RulebookTool, ModAction<V, M>>> = {};
  const { match, nameParam } = spec;

  if (spec.substitute) {
    const sub = spec.substitute;
    tools.substitute = mod({
      summary:
        'A newcomer takes over a seat with its role, knowledge, votes and counters (by account name; with "invite", a name that has no account yet, whose account takes the seat when it is made).',
      rules: sub.rules,
      args: z
        .object({
          old: modArg.name('the player who leaves'),
          new: modArg.name('the substitute'),
          invite: z.boolean().optional().describe('the substitute has no account yet: the account made with this name takes the seat'),
        })
        .strict(),
      run(b, args) {
        const s = b.state;
        const stopped = notRunning(s);
        if (stopped) return stopped;
        const id = sub.seat === 'any' ? argPlayer(s, args, match, 'old', nameParam) : livePlayerArg(s, args, match, 'old', nameParam);
        if (refused(id)) return id;
        const own = sub.check?.(s, args.new);
        if (own) return own;
        const old = substituteSeat(b, id, args.new, match);
        if (refused(old)) return old;
        sub.announce(b, id, old, s);
      },
    });
  }

  if (spec.moveDeadline) {
    const mv = spec.moveDeadline;
    tools['move-deadline'] = mod({
      summary: mv.summary,
      rules: mv.rules,
      args: z
        .object({
          deadline: z.enum(mv.deadlines).optional().describe(`${mv.describe} (default: the first pending one)`),
          to: modArg.time(),
        })
        .strict(),
      run(b, args) {
        const s = b.state;
        if (!(mv.signup === true && s.status === 'signup')) {
          const stopped = notRunning(s);
          if (stopped) return stopped;
        }
        const to = parseTimestamp(args.to, s.config.timeZone);
        if (to === null) return refuse('"to" must be a local time like 2025-10-07T20:30');
        if (to <= b.at) return refuse('the new deadline must be later than now');
        const pending = mv.pending(s);
        const which = args.deadline ?? pending[0];
        if (which === undefined) return refuse('no deadline of the open phase is pending');
        if (!pending.includes(which))
          return refuse(mv.notPending?.[which] ?? `the ${which} deadline is not pending now (pending: ${pending.join(', ') || 'none'})`);
        return mv.move(b, which, to);
      },
    });
  }

  if (spec.voidVote) {
    const vv = spec.voidVote;
    tools['void-vote'] = mod({
      summary: vv.summary ?? "Void a player's current vote: it no longer counts (he may vote again while the vote is open).",
      rules: vv.rules,
      args: z.object({ name: modArg.name('the voter') }).strict(),
      run(b, args) {
        const s = b.state;
        const stopped = notRunning(s);
        if (stopped) return stopped;
        const id = argPlayer(s, args, match, 'name', nameParam);
        if (refused(id)) return id;
        const target = vv.voteOf(s, id);
        if (target === undefined) return refuse(`${nameOf(s, id)} has no current vote`);
        vv.void(b, id, target);
      },
    });
  }

  if (spec.remove) {
    const rm = spec.remove;
    tools.remove = mod({
      summary: rm.summary,
      rules: rm.rules,
      args: rm.args,
      run(b, args) {
        const id = livePlayerArg(b.state, { name: args.name }, match, 'name', nameParam);
        if (refused(id)) return id;
        return rm.run(b, id, args);
      },
    });
  }

  if (spec.restore) tools.restore = restoreAction<V, M>({ ...spec.restore, match, nameParam });

  if (spec.end) {
    const end = spec.end;
    tools.end = mod({
      summary: end.summary,
      rules: end.rules,
      args: end.args,
      run(b, args) {
        const stopped = notRunning(b.state);
        if (stopped) return stopped;
        return end.run(b, args);
      },
    });
  }

  const actions: ModActions<V, M> = {};
  for (const tool of TOOLKIT) {
    if (tool === 'pause' || tool === 'resume') continue;
    const t = tools[tool];
    if (t !== undefined && forbidden[tool] !== undefined) throw new Error(`toolkit: ${tool} is both configured and forbidden`);
    if (t === undefined && forbidden[tool] === undefined) throw new Error(`toolkit: ${tool} is neither configured nor declared forbidden`);
    if (t !== undefined) actions[tool] = t;
  }
  for (const [name, a] of Object.entries(spec.own ?? {})) {
    if (Object.hasOwn(actions, name)) throw new Error(`toolkit: the rulebook's own action ${name} has a toolkit name`);
    actions[name] = a;
  }
  const aliases = spec.aliases ?? {};
  for (const [old, to] of Object.entries(aliases)) {
    if (Object.hasOwn(actions, old)) throw new Error(`toolkit: the alias ${old} is also an action`);
    if (!Object.hasOwn(actions, to)) throw new Error(`toolkit: the alias ${old} names ${to}, which the rulebook lacks`);
  }
  const described: Record<string, ModActionInfo> = { ...actions };
  for (const [old, to] of Object.entries(aliases)) described[old] = actions[to]!;
  return { actions, described, aliases, forbidden, pause: spec.pause };
}

/** One moderator action as the console, the API and `narrator rules` list it. */
export interface ModListing {
  readonly name: string;
  readonly summary: string;
  readonly rules: string;
  /** Its arguments' schema (absent for a tool the rulebook lacks). */
  readonly info?: ModActionInfo;
  /** One of the toolkit's actions (the same name in every rulebook). */
  readonly toolkit: boolean;
  /** Why the rulebook lacks this tool ("not in this rulebook because …"). */
  readonly forbidden?: string;
  /** The older names still accepted for it. */
  readonly aliases: readonly string[];
}

/** What a rulebook's pause allows, as the `pause` action's summary says it. */
function pauseSummary(p: PausePolicy | undefined): string {
  const base = 'Pause the game: no deadline passes and nothing resolves until it resumes;';
  if (p?.inputs === 'refused') return `${base} every player input is refused meanwhile (${p.code ?? 'R-MOD-ARGS'}).`;
  return `${base} players' posts, votes and orders are still taken and belong to the open phase.`;
}

/**
 * Every moderator action of a rulebook in the order the console shows them: the toolkit first (the tools it lacks
 * with their reason), then the engine's other actions, then the rulebook's own.
 */
export function modListing(variant: { readonly modActions?: Readonly<Record<string, ModActionInfo>>; readonly modKit?: ModKitInfo }): ModListing[] {
  const own: Readonly<Record<string, ModActionInfo>> = variant.modActions ?? {};
  const kit = variant.modKit;
  const aliasesOf = (name: string) => Object.entries(kit?.aliases ?? {}).flatMap(([old, to]) => (to === name ? [old] : []));
  const entry = (name: string, info: ModActionInfo, toolkit: boolean): ModListing => ({
    name,
    summary: name === 'pause' && kit ? pauseSummary(kit.pause) : info.summary,
    rules: name === 'pause' && kit ? `${info.rules}; ${kit.pause.rules}` : info.rules,
    info,
    toolkit,
    aliases: aliasesOf(name),
  });
  const out: ModListing[] = [];
  for (const tool of TOOLKIT) {
    const info = Object.hasOwn(ENGINE_MOD_ACTIONS, tool) ? ENGINE_MOD_ACTIONS[tool] : Object.hasOwn(own, tool) ? own[tool] : undefined;
    if (info) out.push(entry(tool, info, true));
    else {
      const why = forbiddenReason(kit, tool);
      out.push({
        name: tool,
        summary: why === undefined ? 'not in this rulebook' : `not in this rulebook: ${why}`,
        rules: '',
        toolkit: true,
        forbidden: why ?? '',
        aliases: [],
      });
    }
  }
  const tools = new Set<string>(TOOLKIT);
  const isTool = (n: string) => tools.has(n);
  for (const [name, info] of Object.entries(ENGINE_MOD_ACTIONS)) if (!isTool(name)) out.push(entry(name, info, false));
  const older = new Set(Object.keys(kit?.aliases ?? {}));
  for (const [name, info] of Object.entries(own)) if (!isTool(name) && !older.has(name)) out.push(entry(name, info, false));
  return out;
}
