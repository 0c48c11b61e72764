// Plays one simulated game through the real engine: createGame, then phase by phase every living player's bot gets
// turns (an early and a late pass) and its inputs go through `decide` as thread posts and PMs, then the next
// deadline fires with `tick`. Views are fed only the events whose audience includes their player.
import type { Command, GameEvent, PlayerId } from '../core/types.ts';
import type { Env } from '../engine/builder.ts';
import { typed } from '../engine/events.ts';
import { type RuleFiring, rulesFired } from '../engine/firing.ts';
import { createGame, decide, tick } from '../engine/game.ts';
import type { GameConfig, GameState } from '../engine/state.ts';
import { problemText, type Variant } from '../engine/variant.ts';
import { getVariant } from '../variants/registry.ts';
import { getSim } from '../variants/sims.ts';
import { drawSource, Rand } from './random.ts';
import type { GameResult, Intent, Policy, SimSpec, SimVariant, Turn } from './types.ts';

/** Simulated games start on this instant (a Monday; the calendar has no pauses, so dates do not matter). */
const T0 = Date.UTC(2030, 0, 7, 6, 0);
/** Gap between two bot inputs. */
const STEP_MS = 1000;
/** A game that has not ended after this many deadlines is stopped and counted as unfinished. */
const MAX_DEADLINES = 2000;

interface Prepared {
  readonly sim: SimVariant<unknown>;
  readonly variant: Variant<unknown>;
  readonly config: GameConfig;
  readonly names: readonly string[];
  readonly policyByRole: Readonly<Record<string, Policy<unknown>>>;
}

const prepared = new WeakMap<SimSpec, Prepared>();

/** The rule labels an event shows firing (the rulebook's `firing`); a refused input counts as `rejected <code>`. */
export function rulesOf(firing: RuleFiring | undefined, e: GameEvent): readonly string[] {
  const ev = typed(e);
  return ev.type === 'command.rejected' ? [`rejected ${ev.data.code}`] : rulesFired(firing, e);
}

/** Validates a spec and builds what every game of it shares. Throws on a spec the variant refuses. */
export function prepare(spec: SimSpec): Prepared {
  const hit = prepared.get(spec);
  if (hit) return hit;
  const base = getVariant(spec.variant);
  const sim = getSim(spec.variant);
  if (!base || !sim) throw new Error(`variant "${spec.variant}" cannot be simulated`);
  const set = sim.policies[spec.policy];
  if (!set) throw new Error(`unknown policy "${spec.policy}" (known: ${Object.keys(sim.policies).join(', ')})`);
  if (spec.roleList.length !== spec.players) throw new Error(`the role list has ${spec.roleList.length} roles for ${spec.players} players`);
  for (const r of new Set(spec.roleList)) if (!set[r]) throw new Error(`no ${spec.policy} policy for role "${r}"`);
  const variant = spec.minPlayers !== undefined && spec.minPlayers < base.minPlayers ? withMinPlayers(base, spec.minPlayers) : base;
  const options = base.optionsSchema.safeParse(spec.options);
  if (!options.success) throw new Error(`variant options: ${options.error.issues[0]?.message ?? 'invalid'}`);
  const config: GameConfig = {
    variant: variant.id,
    locale: 'en',
    timeZone: 'UTC',
    calendar: { workingWeekdays: [1, 2, 3, 4, 5, 6, 7], preset: 'none', extraPauseDays: [], extraWorkingDays: [] },
    createdAt: T0,
    startAt: T0 + 3_600_000,
    gameNumber: '1',
    roleList: [...spec.roleList],
    options: options.data,
  };
  const bad = problemText(variant.validateConfig(config));
  if (bad) throw new Error(bad);
  const names = Array.from({ length: spec.players }, (_, i) => `P${i + 1}`);
  const p: Prepared = { sim, variant, config, names, policyByRole: set };
  prepared.set(spec, p);
  return p;
}

const lowered = new Map<string, Variant<unknown>>();

/** The same rulebook with a lower minimum player count (for the models of the literature). */
function withMinPlayers(v: Variant<unknown>, min: number): Variant<unknown> {
  const k = `${v.id}:${min}`;
  let out = lowered.get(k);
  if (!out) {
    out = { ...v, minPlayers: min };
    lowered.set(k, out);
  }
  return out;
}

/** Plays one game of a spec with a 32-bit seed; the same spec and seed give the same game. */
export function playGame(spec: SimSpec, seed: number): GameResult {
  return driveGame(spec, seed).result;
}

/** How far to drive a game, and what to keep. */
export interface DriveOptions {
  /** Fire at most this many deadlines after the start (each preceded by the bots' turns), then stop. */
  readonly deadlines?: number;
  /** Keep every event (for stores and replays). */
  readonly keepEvents?: boolean;
  /** Adds the milliseconds spent inside the engine (createGame and decide) to `clock.engine` (benchmarks). */
  readonly clock?: { engine: number };
  /** Keep every command sent to `decide` (to time the engine alone on a recorded game). */
  readonly keepCommands?: boolean;
}

/** Drives one game like `playGame`, optionally stopping early; returns the final state and, if asked, the events. */
export function driveGame(
  spec: SimSpec,
  seed: number,
  opts: DriveOptions = {},
): { result: GameResult; state: GameState<unknown>; events: GameEvent[]; commands: Command[] } {
  const { sim, variant, config, names, policyByRole } = prepare(spec);
  const rng = new Rand(seed ^ 0x5bd1e995);
  const env: Env = {
    rng: (
      (src) => () =>
        src
    )(drawSource(seed)),
  };
  const views = new Map<PlayerId, unknown>();
  const rules: Record<string, number> = {};
  let events = 0;
  let commands = 0;
  const kept: GameEvent[] = [];
  const sent: Command[] = [];
  const deliver = (evs: readonly GameEvent[]) => {
    events += evs.length;
    if (opts.keepEvents) kept.push(...evs);
    for (const e of evs) {
      for (const r of rulesOf(sim.variant.firing, e)) rules[r] = (rules[r] ?? 0) + 1;
      if (!sim.relevant(e)) continue;
      const a = e.audience;
      if (a.kind === 'public') {
        for (const v of viewList) sim.observe(v, e);
      } else if (a.kind === 'players' || a.kind === 'team') {
        for (const id of a.ids) {
          const v = views.get(id);
          if (v !== undefined) sim.observe(v, e);
        }
      }
    }
  };
  // Every seat gets its view before the first event, so signups and role messages reach it.
  for (let i = 0; i < names.length; i++) views.set(`p${i + 1}`, sim.newView(`p${i + 1}`));
  const viewList = [...views.values()];
  const created = createGame(variant, config, `sim-${seed}`, names);
  let state: GameState<unknown> = created.state;
  deliver(created.events);
  const clock = opts.clock;
  const apply = (cmd: Command) => {
    if (opts.keepCommands) sent.push(cmd);
    const t0 = clock ? performance.now() : 0;
    const d = decide(variant, state, cmd, env);
    if (clock) clock.engine += performance.now() - t0;
    commands++;
    state = d.state;
    deliver(d.events);
  };
  apply(tick(config.startAt));
  const table = new Map<string, unknown>();
  const nameOf = (id: PlayerId) => state.players[id]?.name ?? id;
  const limit = Math.min(MAX_DEADLINES, opts.deadlines ?? MAX_DEADLINES);
  for (let guard = 0; guard < limit && state.status === 'running'; guard++) {
    const next = state.deadlines[0];
    if (!next) break;
    let t = state.clock + STEP_MS;
    for (let pass = 0; pass < 2 && state.status === 'running'; pass++) {
      for (const id of rng.shuffle(state.order)) {
        if (state.status !== 'running' || t >= next.at - STEP_MS) break;
        // Not only 'alive' seats: a rulebook may leave actions to a player out of the game (an intrigue ghost's
        // card or echo vote); `legalActions` is the judge, so a seat with nothing to do is still skipped.
        const view = views.get(id)!;
        const role = sim.roleIn(view);
        const policy = role !== undefined ? policyByRole[role] : undefined;
        if (!policy || (pass > 0 && policy.late === false)) continue;
        const legal = variant.legalActions(state, id);
        if (legal.length === 0) continue;
        const turn: Turn<unknown> = { player: id, view, legal, pass, next: { kind: next.kind, at: next.at }, rng, table, name: nameOf };
        const intents: Intent[] = policy.act(turn);
        for (const intent of intents) {
          if (state.status !== 'running') break;
          const actor = { kind: 'player', id } as const;
          const ch = intent.channel !== undefined ? { channel: intent.channel } : {};
          apply(intent.via === 'post' ? { type: 'post', at: t, actor, text: intent.text, ...ch } : { type: 'pm', at: t, actor, text: intent.text });
          t += STEP_MS;
        }
      }
    }
    if (state.status === 'running') apply(tick(next.at));
  }
  const outcome = state.outcome;
  const result: GameResult = {
    winner: state.status === 'ended' && outcome ? outcome.side : 'none',
    reason: state.status === 'ended' && outcome ? outcome.reason : state.status,
    rounds: sim.rounds(state),
    commands,
    events,
    seats: state.order.map((id) => ({ role: state.players[id]?.role ?? '', alive: state.players[id]?.status === 'alive' })),
    rules,
  };
  return { result, state, events: kept, commands: sent };
}
