// Moderator actions of a variant (a reusable piece): a table of named actions, each with a zod schema of its
// arguments, a one-line summary and its rule ids. The same schemas validate the arguments before a handler runs
// and describe every action in the API's OpenAPI document. A handler refuses by returning a rejection before it
// emits anything (decide's contract: bad input is a returned rejection, never a throw); the runner records it.
import { z } from 'zod';
import type { Command, PlayerId, Rejection } from '../core/types.ts';
import type { AnyEvents, Builder } from './builder.ts';
import type { Named, NameMatch } from './names.ts';
import type { GameState } from './state.ts';
import { isAlive, nameOf, signedUp } from './state.ts';
import { isIsoDate } from './time.ts';

/** What a handler returns: nothing when the action ran, else its refusal (and then it has emitted nothing). */
export type ModResult = Rejection | undefined;

/** The refusal of the running action: R-MOD-ARGS with a readable detail (return it). */
export function refuse(detail: string): Rejection {
  return { code: 'R-MOD-ARGS', params: { detail } };
}

/** True when a helper's result is a refusal rather than its value (values of helpers are never objects of this shape). */
export function refused<T extends string | number | readonly unknown[]>(x: T | Rejection): x is Rejection {
  return typeof x === 'object' && x !== null && !Array.isArray(x) && 'code' in x;
}

/** True for a list of calendar dates YYYY-MM-DD (moderator arguments). */
export function isDateList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((d) => typeof d === 'string' && isIsoDate(d));
}

/** What an action is, apart from how it runs: enough to validate and to document it. */
export interface ModActionInfo {
  /** One sentence: what the action does (OpenAPI, docs). */
  readonly summary: string;
  /** The rule ids it implements ("every rulebook" for the engine's own actions). */
  readonly rules: string;
  /** Its arguments (an object schema; every action's args are an object, possibly empty). */
  readonly args: z.ZodType<Record<string, unknown>>;
}

/** A moderator action of a variant: its description and its handler over the validated arguments. */
export interface ModAction<V, M = AnyEvents> extends ModActionInfo {
  /** Runs the action; `cmd` is the moderator's command (who gives it, for rulebooks with staff capacities). */
  run(b: Builder<V, M>, args: Record<string, unknown>, cmd: Extract<Command, { type: 'mod' }>): ModResult;
}

/** A moderator action as a rulebook writes it: its handler receives what its schema parses to. */
export type ModActionDef<V, M, S extends z.ZodType<Record<string, unknown>>> = ModActionInfo & {
  readonly args: S;
  run(b: Builder<V, M>, args: z.output<S>, cmd: Extract<Command, { type: 'mod' }>): ModResult;
};

/**
 * The declaration helper of one rulebook's moderator actions: the type an action's schema parses to is the type its
 * `run` receives, so a handler reads `args.minutes` as the schema's `30 | 60` with no cast. Sound because the only
 * caller, `runModAction`, runs `run` with what this very schema parsed (a table stores the action with its
 * arguments as a record).
 */
export function modActionsOf<V, M>(): <S extends z.ZodType<Record<string, unknown>>>(def: ModActionDef<V, M, S>) => ModAction<V, M> {
  return (def) => def;
}

/** A table of moderator actions by name. */
export type ModActions<V, M = AnyEvents> = Record<string, ModAction<V, M>>;

/** Argument schemas the variants share. */
export const modArg = {
  /** A player's name as written (matched by the variant's name rules). */
  name: (what = 'a player') => z.string().trim().min(1).max(64).describe(`${what}, by name`),
  /** Free text for players. */
  text: (what = 'the text') => z.string().trim().min(1).max(5000).describe(what),
  /** A local time of the game's time zone (or an instant with an offset). */
  time: () => z.string().min(10).max(40).describe('a local time of the game’s zone, e.g. 2025-10-07T20:30 (or with an offset)'),
  /** A list of calendar dates. */
  dates: (what: string) => z.array(z.string().refine(isIsoDate, 'expected a date YYYY-MM-DD')).max(366).optional().describe(what),
  /** One of a list of values known when the rulebook loads (a menu in the console). */
  choice: (values: readonly string[], what: string) => {
    const [first, ...rest] = values;
    if (first === undefined) throw new Error(`no values for ${what}`);
    return z.enum([first, ...rest]).describe(what);
  },
  /** No arguments. */
  none: () => z.object({}).strict(),
};

/**
 * The actions the engine itself handles for every variant (engine/game.ts). Their schemas live here with the
 * variants' so that validation and the API description come from one place.
 */
export const ENGINE_MOD_ACTIONS: Readonly<Record<string, ModActionInfo>> = {
  note: {
    summary: 'Post a public note of the moderators in the thread.',
    rules: 'every rulebook',
    args: z.object({ text: modArg.text('the note') }).strict(),
  },
  tell: {
    summary: 'Send one player a private message from the moderators.',
    rules: 'every rulebook',
    args: z.object({ name: modArg.name('the player'), text: modArg.text('the message') }).strict(),
  },
  pause: { summary: 'Pause the game: no deadline passes until it resumes.', rules: 'every rulebook', args: modArg.none() },
  resume: {
    summary: 'Resume a paused game; every pending deadline moves by the length of the pause (the new times are posted).',
    rules: 'every rulebook',
    args: modArg.none(),
  },
  'close-signup': { summary: 'Close the signup now and deal the roles.', rules: 'every rulebook', args: modArg.none() },
  start: { summary: 'Start the game now (also POST /start).', rules: 'every rulebook', args: modArg.none() },
  cancel: { summary: 'Cancel the game.', rules: 'every rulebook', args: modArg.none() },
};

/** The arguments validated by an action's schema, or a refusal detail naming the first bad argument. */
export function parseModArgs(info: ModActionInfo, args: unknown): { ok: true; args: Record<string, unknown> } | { ok: false; detail: string } {
  const r = info.args.safeParse(args ?? {});
  if (r.success) return { ok: true, args: r.data };
  const issue = r.error.issues[0]!;
  const where = issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'the arguments';
  return { ok: false, detail: `${where}: ${issue.message}` };
}

/**
 * Resolves the player named by `args[key]` with the variant's name matcher, or refuses: a non-string with
 * R-MOD-ARGS, an unknown or ambiguous name with `nameCode` (its parameter named `nameParam`).
 */
export function argPlayer<V>(
  s: GameState<V>,
  args: Record<string, unknown>,
  match: (text: string, players: readonly Named[]) => NameMatch,
  key = 'name',
  nameParam = 'text',
): PlayerId | Rejection {
  const raw = args[key];
  if (typeof raw !== 'string') return refuse(`"${key}" must be a player name`);
  const m = match(raw, signedUp(s));
  if (m.kind !== 'one') return { code: 'R-NAME', params: { [nameParam]: raw } };
  return m.id;
}

/** The refusal of an action that needs a running game, or undefined while it runs. */
export function notRunning<V>(s: GameState<V>): Rejection | undefined {
  return s.status === 'running' ? undefined : refuse('the game is not running');
}

/**
 * The player named by `args[key]` who is still in the running game, or the refusal of the first check that fails
 * (the game is not running, no such player, he is out of the game): the preamble of most actions on a player.
 */
export function livePlayerArg<V>(
  s: GameState<V>,
  args: Record<string, unknown>,
  match: (text: string, players: readonly Named[]) => NameMatch,
  key = 'name',
  nameParam = 'text',
): PlayerId | Rejection {
  const stopped = notRunning(s);
  if (stopped) return stopped;
  const id = argPlayer(s, args, match, key, nameParam);
  if (refused(id)) return id;
  return isAlive(s, id) ? id : refuse(`${nameOf(s, id)} is not in the game`);
}

/**
 * A substitute takes over a seat (CIT-MOD-9, PAL-MOD-8, DE-MOD-8): the seat keeps its id, so its role, votes,
 * counters and private history pass to the new account and the old one loses access at once. Refuses an empty name
 * or one already signed up (as `match` reads names); emits `player.substituted`. Returns the previous name.
 */
export function substituteSeat<V, M>(
  b: Builder<V, M>,
  id: PlayerId,
  raw: unknown,
  match: (text: string, players: readonly Named[]) => NameMatch,
): string | Rejection {
  const s = b.state;
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (name === '') return refuse('"new" must be the substitute\'s name');
  const taken = match(
    name,
    s.order.map((x) => s.players[x]!),
  );
  if (taken.kind !== 'none') return refuse(`${name} is already signed up`);
  const old = nameOf(s, id);
  b.emit('player.substituted', { player: id, name, previous: old });
  return old;
}

/** Runs the named action from the table; false when the table has no such action. */
export function runModAction<V, M>(b: Builder<V, M>, cmd: Extract<Command, { type: 'mod' }>, actions: ModActions<V, M>): boolean {
  const action = Object.hasOwn(actions, cmd.mod.action) ? actions[cmd.mod.action] : undefined;
  if (!action) return false;
  const parsed = parseModArgs(action, cmd.mod.args);
  const refusal = parsed.ok ? action.run(b, parsed.args, cmd) : refuse(parsed.detail);
  if (refusal) b.refuse(cmd.actor, refusal);
  return true;
}

/** How a rulebook takes part in the shared undo of a removal. */
export interface RestoreSpec<V, M> {
  /** The rule ids it implements (PAL-MOD-1, DE-MOD-1). */
  readonly rules: string;
  /** What the action does, when more than "the player is back in the game" (intrigue: a ghost becomes active). */
  readonly summary?: string;
  /** The rulebook's name matcher and the parameter its R-NAME rejection names the input by. */
  readonly match: (text: string, players: readonly Named[]) => NameMatch;
  readonly nameParam: string;
  /** Why this player cannot be brought back, or undefined when he can (default: he is in the game). */
  why?(s: GameState<V>, id: PlayerId): string | undefined;
  /** Brings him back (default: the engine's `player.restored`). */
  bring?(b: Builder<V, M>, id: PlayerId): void;
  /** Announces the return (the rulebook's message) and checks the win, once the player is back. */
  announce(b: Builder<V, M>, id: PlayerId): void;
}

/**
 * PAL-MOD-1 `restore`, DE-MOD-1 `revive`: the moderator undoes a removal and the player is back in the game. One action
 * for every rulebook (the toolkit's `restore`, engine/modkit.ts); each says how the return is announced.
 */
export function restoreAction<V, M>(spec: RestoreSpec<V, M>): ModAction<V, M> {
  return modActionsOf<V, M>()({
    summary: spec.summary ?? 'Undo a removal: the player is back in the game.',
    rules: spec.rules,
    args: z.object({ name: modArg.name() }).strict(),
    run(b, args) {
      const s = b.state;
      const stopped = notRunning(s);
      if (stopped) return stopped;
      const id = argPlayer(s, args, spec.match, 'name', spec.nameParam);
      if (refused(id)) return id;
      const why = spec.why ? spec.why(s, id) : isAlive(s, id) ? `${nameOf(s, id)} is in the game` : undefined;
      if (why !== undefined) return refuse(why);
      if (spec.bring) spec.bring(b, id);
      else b.emit('player.restored', { player: id });
      spec.announce(b, id);
    },
  });
}
