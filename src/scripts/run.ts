// Runs a loaded game script step by step through the same command path as the server (GameService on an in-memory
// store: the version guard, the engine, the look-alike seat rule, the commit), and checks its expectations. The
// script is the clock: each step is decided at its own instant.

import { ManualClock } from '../app/clock.ts';
import { CommandError } from '../app/errors.ts';
import { GameService } from '../app/game-service.ts';
import { buildTranscript, type InputLine, type Transcript } from '../app/transcript.ts';
import type { Actor, Command, GameEvent, Millis, Rejection, Viewer } from '../core/types.ts';
import { typed } from '../engine/events.ts';
import { matchName } from '../engine/names.ts';
import { type GameState, signedUp } from '../engine/state.ts';
import { isoLocal } from '../engine/time.ts';
import type { Recognised } from '../engine/variant.ts';
import { renderMessage, renderParts } from '../i18n/render.ts';
import { MemoryStore } from '../store/memory.ts';
import { type FinalExpect, type Script, ScriptError, type Step, type StepExpect } from './load.ts';

/** Who hosts a script's game: the name its moderator steps go by unless they name another. */
export const SCRIPT_HOST = 'moderator';

/** The result of running a script. */
export interface RunResult {
  readonly transcript: Transcript;
  readonly state: GameState<unknown>;
  readonly events: readonly GameEvent[];
  /** Failed expectations, each a readable sentence naming the step. */
  readonly failures: string[];
  /** Each post and PM of the script with the commands the engine read in it. */
  readonly inputs: readonly InputLine[];
}

function actorFor(s: GameState<unknown>, step: Step, by = step.by): Actor {
  if (step.input.kind === 'mod') return { kind: 'moderator', name: by ?? 'moderator' };
  const name = by ?? '';
  const m = matchName(name, signedUp(s));
  return m.kind === 'one' ? { kind: 'player', id: m.id } : { kind: 'guest', name };
}

/** The viewer an actor sends as: his numbering for `ifVersion`. */
function viewOf(a: Actor): Viewer {
  if (a.kind === 'player') return { kind: 'player', id: a.id };
  return a.kind === 'guest' ? { kind: 'spectator' } : { kind: 'moderator' };
}

/**
 * The command of one step, or of the i-th item of a batch step, stamped `at` (actors are resolved against the
 * current state).
 */
function commandFor(s: GameState<unknown>, step: Step, item: number, at: Millis): Command {
  if (step.input.kind === 'batch') {
    const [by, text] = step.input.items[item]!;
    const actor = actorFor(s, step, by);
    const channel = step.input.channel;
    return step.input.via === 'pm' ? { type: 'pm', at, actor, text } : { type: 'post', at, actor, text, ...(channel !== undefined ? { channel } : {}) };
  }
  const actor = actorFor(s, step);
  switch (step.input.kind) {
    case 'post':
      return {
        type: 'post',
        at,
        actor,
        text: step.input.text,
        ...(step.input.id !== undefined ? { postId: step.input.id } : {}),
        ...(step.input.channel !== undefined ? { channel: step.input.channel } : {}),
      };
    case 'pm':
      return { type: 'pm', at, actor, text: step.input.text, ...(step.input.subject !== undefined ? { subject: step.input.subject } : {}) };
    case 'edit':
      return { type: 'post.edit', at, actor, postId: step.input.postId, text: step.input.text };
    case 'mod':
      return { type: 'mod', at, actor, mod: { action: step.input.action, args: step.input.args } };
    case 'advance':
      return { type: 'deadline.reached', at, actor: { kind: 'system' } };
  }
}

/**
 * Texts of the messages in `events` visible to an audience filter, rendered in the game's locale. A rejection is a
 * private answer to its author, so its sentence counts among his private texts.
 */
function texts(script: Script, events: readonly GameEvent[], pick: (e: GameEvent) => boolean): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (!pick(e)) continue;
    const ev = typed(e);
    if (ev.type === 'message') out.push(renderParts(script.variant, script.config.locale, ev.data.parts));
    // A rejection reaches its author as a private message (PAL-GEN-5), so private expectations see it too.
    else if (ev.type === 'command.rejected' && ev.audience.kind === 'players') {
      const d = ev.data;
      out.push(renderMessage(script.variant, script.config.locale, { key: d.code, ...(d.params ? { params: d.params } : {}) }));
    }
  }
  return out;
}

/** The id of the player a script names, if exactly one matches. */
function playerId(s: GameState<unknown>, who: string): string | undefined {
  const m = matchName(who, signedUp(s));
  return m.kind === 'one' ? m.id : undefined;
}

/** Checks that each needle occurs in the texts, in order (several may sit in one post). Returns the first missing. */
function inOrder(hay: readonly string[], needles: readonly string[]): string | undefined {
  const all = hay.join('\n');
  let pos = 0;
  for (const n of needles) {
    const i = all.indexOf(n, pos);
    if (i < 0) return n;
    pos = i + n.length;
  }
  return undefined;
}

function checkCommon(
  script: Script,
  label: string,
  ex: StepExpect | FinalExpect,
  events: readonly GameEvent[],
  s: GameState<unknown>,
  fail: (m: string) => void,
): void {
  const pub = texts(script, events, (e) => e.audience.kind === 'public');
  if (ex.public) {
    const missing = inOrder(pub, ex.public);
    if (missing !== undefined) fail(`${label}: expected public text «${missing}» (in order); public posts were:\n      ${pub.join('\n      ') || '(none)'}`);
  }
  for (const n of ex.notPublic ?? []) {
    const hit = pub.find((t) => t.includes(n));
    if (hit) fail(`${label}: public text must not contain «${n}» but found: ${hit}`);
  }
  for (const [who, needles] of Object.entries(ex.private ?? {})) {
    const id = playerId(s, who);
    if (id === undefined) {
      fail(`${label}: no player "${who}"`);
      continue;
    }
    const mine = texts(script, events, (e) => (e.audience.kind === 'players' || e.audience.kind === 'team') && e.audience.ids.includes(id));
    const missing = inOrder(mine, needles);
    if (missing !== undefined) fail(`${label}: expected private text for ${who} «${missing}»; ${who} received:\n      ${mine.join('\n      ') || '(none)'}`);
  }
  if (ex.moderator) {
    const mod = texts(script, events, (e) => e.audience.kind === 'moderator');
    const flags = events
      .map((e) => typed(e))
      .filter((e) => e.type === 'moderator.flag')
      .map((e) => {
        const d = e.data;
        return renderParts(script.variant, script.config.locale, [{ key: d.reason, ...(d.params ? { params: d.params } : {}) }]);
      });
    const missing = inOrder([...mod, ...flags], ex.moderator);
    if (missing !== undefined)
      fail(`${label}: expected a moderator message «${missing}»; the moderators got:\n      ${[...mod, ...flags].join('\n      ') || '(none)'}`);
  }
  for (const [who, want] of Object.entries(ex.players ?? {})) {
    const id = playerId(s, who);
    if (id === undefined) {
      fail(`${label}: no player "${who}"`);
      continue;
    }
    const p = s.players[id]!;
    const side = script.variant.roles.find((r) => r.id === p.role)?.side;
    const state = script.variant.condition?.(s, id) ?? p.status;
    const got: Record<string, unknown> = { status: p.status, state, removedHow: p.removedHow ?? null, role: p.role, team: side };
    for (const [k, v] of Object.entries(want)) {
      if (got[k] !== v) fail(`${label}: ${who}.${k} expected ${JSON.stringify(v)}, got ${JSON.stringify(got[k])}`);
    }
  }
}

/** The part of a state a rejected input must leave alone: the players, the deadlines and the variant's slice. */
function gameFacts(s: GameState<unknown>): string {
  return JSON.stringify({ players: s.players, deadlines: s.deadlines, status: s.status, v: s.v });
}

function checkStep(
  script: Script,
  i: number,
  step: Step,
  events: readonly GameEvent[],
  rejections: readonly Rejection[],
  s: GameState<unknown>,
  fail: (m: string) => void,
  before?: GameState<unknown>,
  commands?: readonly Recognised[],
  errors: readonly CommandError[] = [],
): void {
  const ex = step.expect;
  const label = `step ${i + 1} (line ${step.line ?? '?'}, ${step.atText}${step.by ? `, ${step.by}` : ''} ${step.input.kind})`;
  // A refusal of the command path commits nothing; a script must say it expects one.
  const codes = errors.map((e) => e.code).join(', ');
  if (ex?.error !== undefined && ex.error !== codes) fail(`${label}: expected the command path to refuse with ${ex.error}, got ${codes || 'no refusal'}`);
  else if (ex?.error === undefined) for (const e of errors) fail(`${label}: refused by the command path: ${e.code} — ${e.message}`);
  if (!ex) return;
  if (ex.commands !== undefined) {
    const got = JSON.stringify(commands ?? []);
    if (JSON.stringify(ex.commands) !== got) fail(`${label}: expected commands ${JSON.stringify(ex.commands)}, got ${got}`);
  }
  const rejected = rejections.map((r) => r.code);
  if (ex.rejected !== undefined) {
    const want = Array.isArray(ex.rejected) ? ex.rejected : [ex.rejected];
    if (JSON.stringify(want) !== JSON.stringify(rejected))
      fail(`${label}: expected rejection ${want.join(', ')}, got ${rejected.join(', ') || 'none (accepted)'}`);
  }
  if (ex.accepted && rejected.length > 0) fail(`${label}: expected acceptance, got rejection ${rejected.join(', ')}`);
  if (ex.unchanged && before && gameFacts(before) !== gameFacts(s)) fail(`${label}: expected the game state to stay unchanged`);
  if (ex.silent) {
    const pub = texts(script, events, (e) => e.audience.kind === 'public');
    if (pub.length > 0) fail(`${label}: expected nothing public, got: ${pub.join(' | ')}`);
  }
  for (const who of ex.nothingFor ?? []) {
    const id = playerId(s, who);
    if (id === undefined) {
      fail(`${label}: no player "${who}"`);
      continue;
    }
    const got = texts(script, events, (e) => (e.audience.kind === 'players' || e.audience.kind === 'team') && e.audience.ids.includes(id));
    if (got.length > 0) fail(`${label}: expected no private message for ${who}, got: ${got.join(' | ')}`);
  }
  checkCommon(script, label, ex, events, s, fail);
}

/**
 * Runs a script; never throws for game-level problems (they are rejections, refusals or failed expectations). A
 * players list the command path refuses (two look-alike names) is a ScriptError, as a malformed script is.
 */
export async function runScript(script: Script): Promise<RunResult> {
  const variant = script.variant;
  const clock = new ManualClock(script.config.createdAt);
  const store = new MemoryStore();
  // A script's game is never loaded again, so a snapshot would only cost time.
  const service = new GameService({ store, clock, snapshotEvery: Number.POSITIVE_INFINITY });
  let gameId: string;
  try {
    gameId = (await service.create(variant, script.config, script.seed, SCRIPT_HOST, script.title ?? '', script.players)).id;
  } catch (e) {
    if (e instanceof CommandError) throw new ScriptError(script.file, null, `players: ${e.message} (${e.code})`);
    throw e;
  }
  const failures: string[] = [];
  const fail = (m: string) => failures.push(m);
  const inputs: InputLine[] = [];
  for (const [i, step] of script.steps.entries()) {
    const n = step.input.kind === 'batch' ? step.input.items.length : 1;
    const stepEvents: GameEvent[] = [];
    const stepRejections: Rejection[] = [];
    const stepCommands: Recognised[] = [];
    const errors: CommandError[] = [];
    const before = service.get(gameId).state;
    clock.t = step.at;
    for (let k = 0; k < n; k++) {
      const state = service.get(gameId).state;
      let cmd: Command | undefined;
      const make = (at: Millis): Command => {
        cmd = commandFor(state, step, k, at);
        return cmd;
      };
      const view = viewOf(commandFor(state, step, k, step.at).actor);
      try {
        const o = await service.execute(gameId, { make, as: () => view, ...(step.ifVersion !== undefined ? { ifVersion: step.ifVersion } : {}) });
        stepEvents.push(...o.events.map((e) => e.event));
        stepRejections.push(...o.rejections);
        if (o.commands && cmd && (cmd.type === 'post' || cmd.type === 'pm')) {
          stepCommands.push(...o.commands);
          const by =
            cmd.actor.kind === 'player' ? (state.players[cmd.actor.id]?.name ?? cmd.actor.id) : cmd.actor.kind === 'guest' ? cmd.actor.name : cmd.actor.kind;
          inputs.push({ at: isoLocal(cmd.at, state.config.timeZone), by, via: cmd.type, commands: o.commands });
        }
      } catch (e) {
        if (!(e instanceof CommandError)) throw e;
        errors.push(e);
      }
    }
    checkStep(script, i, step, stepEvents, stepRejections, service.get(gameId).state, fail, before, stepCommands, errors);
  }
  const state = service.get(gameId).state;
  const events = (await store.read(gameId)).map((e) => e.event);
  const ex = script.expect;
  if (ex) {
    const label = 'final';
    if (ex.winner !== undefined) {
      const got = state.outcome?.side ?? null;
      if (got !== ex.winner) fail(`${label}: winner expected ${JSON.stringify(ex.winner)}, got ${JSON.stringify(got)}`);
    }
    if (ex.status !== undefined && ex.status !== state.status) fail(`${label}: status expected ${ex.status}, got ${state.status}`);
    if (ex.draws !== undefined && ex.draws !== state.draws) fail(`${label}: draws expected ${ex.draws}, got ${state.draws}`);
    if (ex.rejections !== undefined) {
      const n = events.filter((e) => e.type === 'command.rejected').length;
      if (n !== ex.rejections) fail(`${label}: rejections expected ${ex.rejections}, got ${n}`);
    }
    checkCommon(script, label, ex, events, state, fail);
  }
  return { transcript: { ...buildTranscript(variant, events, state), inputs }, state, events, failures, inputs };
}
