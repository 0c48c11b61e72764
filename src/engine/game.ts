// decide(state, command) -> events: the one entry point of the engine. Scheduled instants due by the command's
// stamp are resolved first (resolutions before actions stamped with the same instant), then the command itself.
import { type Actor, type Command, type GameEvent, type Millis, MODERATOR, PUBLIC, type Rejection, SYSTEM } from '../core/types.ts';
import { actorLabel, Builder, type Env } from './builder.ts';
import { canRead, channelById, MAIN_CHANNEL } from './channels.ts';
import { initialState } from './evolve.ts';
import { ENGINE_MOD_ACTIONS, parseModArgs } from './modactions.ts';
import { canonicalAction, forbiddenReason, frozenOut } from './modkit.ts';
import { fold, matchName } from './names.ts';
import { commandExample, compileSyntax, parseCommands, readText, type Syntax } from './parse.ts';
import { commitmentOf, keyOf } from './rng.ts';
import { dispatch } from './schedule.ts';
import { type Deadline, type GameConfig, type GameState, signedUp } from './state.ts';
import { hhmm, localDate } from './time.ts';
import type { Recognised, Variant } from './variant.ts';

/** The outcome of deciding one command: events to append, the state after them, and any rejections. */
export interface Decision<V = unknown> {
  readonly events: readonly GameEvent[];
  readonly state: GameState<V>;
  readonly rejections: readonly Rejection[];
  /** For a post or PM: the commands read in it (empty when it holds none); absent for other commands. */
  readonly commands?: readonly Recognised[];
}

const syntaxCache = new WeakMap<object, Syntax>();

/** The compiled command syntax of a variant (cached). */
export function syntaxOf(variant: Variant<never> | Variant<unknown>): Syntax {
  let s = syntaxCache.get(variant);
  if (!s) {
    s = compileSyntax(variant.syntax);
    syntaxCache.set(variant, s);
  }
  return s;
}

/**
 * The events that create a game: its configuration and commitment (public), the sealed seed (secret) and the
 * lifecycle deadlines. `players` sign up at creation, in order (game scripts and tests use this).
 */
export function createGame<V>(variant: Variant<V>, config: GameConfig, seed: string, players: readonly string[] = []): Decision<V> {
  // A deal fixed by the moderator and the variant's secret options (e.g. who knows which killer) are part of the
  // configuration but not of what players may read: they travel in a moderator-only event next to the public one.
  const secretKeys = new Set(variant.secretOptions ?? []);
  const { fixedRoles, ...open } = config;
  const publicOptions = Object.fromEntries(Object.entries(config.options).filter(([k]) => !secretKeys.has(k)));
  const secretOptions = Object.fromEntries(Object.entries(config.options).filter(([k]) => secretKeys.has(k)));
  const publicConfig: GameConfig = { ...open, options: publicOptions };
  const created: GameEvent = { type: 'game.created', at: config.createdAt, audience: PUBLIC, data: { config: publicConfig, commitment: commitmentOf(seed) } };
  const b = new Builder(variant, initialState(variant, created), {}, config.createdAt);
  b.events.push(created);
  if (fixedRoles || Object.keys(secretOptions).length > 0) {
    b.emit('config.sealed', { ...(fixedRoles ? { fixedRoles } : {}), options: secretOptions }, MODERATOR);
  }
  b.emit('seed.sealed', { seed }, { kind: 'secret' });
  const deadlines: Deadline[] = [{ id: 'start', kind: 'start', at: config.startAt }];
  if (config.signupDeadline !== undefined && config.signupDeadline < config.startAt) {
    deadlines.push({ id: 'signup.close', kind: 'signup.close', at: config.signupDeadline });
  }
  b.schedule(deadlines);
  for (const name of players) signUp(b, name);
  return { events: b.events, state: b.state, rejections: b.rejections };
}

function signUp<V>(b: Builder<V>, name: string): void {
  const id = `p${b.state.signups + 1}`;
  b.emit('player.signed_up', { id, name: name.trim() });
  if (b.variant.signup?.joined) b.variant.signup.joined(b, id);
  else b.tell([id], { key: 'MSG-SIGNUP-OK' });
}

/** The player limits of a game: the variant's signup policy for this configuration, else its static limits. */
export function playerLimits<V>(variant: Variant<V>, config: GameConfig): { min: number; max: number } {
  return variant.signup?.limits?.(config) ?? { min: variant.minPlayers, max: variant.maxPlayers };
}

/** Decides a command against a state. Never throws for bad input: refusals come back as rejections. */
export function decide<V>(variant: Variant<V>, state: GameState<V>, cmd: Command, env: Env = {}): Decision<V> {
  const b = new Builder(variant, state, env, cmd.at);
  catchUp(b, cmd.at);
  b.at = Math.max(cmd.at, 0);
  let met: GameState<V> | undefined;
  switch (cmd.type) {
    case 'deadline.reached':
      break;
    case 'post':
    case 'pm': {
      // What was read is judged against the state the input meets (after the deadlines due at its stamp).
      met = b.state;
      const before = b.rejections.length;
      if (cmd.type === 'post') onPost(b, cmd);
      else onPm(b, cmd);
      if (b.rejections.length === before) hintMentions(b, cmd);
      break;
    }
    case 'post.edit':
      if (b.state.status === 'running') {
        if (!frozen(b, cmd.actor)) variant.edit(b, cmd);
      } else if (b.state.status === 'ended' || b.state.status === 'cancelled') b.reject(cmd.actor, 'R-GAME-OVER');
      break;
    case 'mod':
      onMod(b, cmd);
      break;
  }
  if (met === undefined || (cmd.type !== 'post' && cmd.type !== 'pm')) return { events: b.events, state: b.state, rejections: b.rejections };
  const at = met;
  const input = cmd;
  const performed = b.performed;
  return new InputDecision(b.events, b.state, b.rejections, () => withPerformed(recognise(variant, at, input), performed));
}

/**
 * The decision on a post or PM. The commands read in it are worked out when first asked for (a reply shows them, a
 * simulation never asks), from the state the input met, so they are the same either way.
 */
class InputDecision<V> implements Decision<V> {
  readonly #read: () => readonly Recognised[];
  #commands: readonly Recognised[] | undefined;

  constructor(
    readonly events: readonly GameEvent[],
    readonly state: GameState<V>,
    readonly rejections: readonly Rejection[],
    read: () => readonly Recognised[],
  ) {
    this.#read = read;
  }

  get commands(): readonly Recognised[] {
    this.#commands ??= this.#read();
    return this.#commands;
  }
}

/** The commands a post or PM holds: the variant's reading, else the syntax table's lines for that channel. */
export function recognise<V>(variant: Variant<V>, s: GameState<V>, cmd: Extract<Command, { type: 'post' | 'pm' }>): readonly Recognised[] {
  if (variant.recognise) return variant.recognise(s, cmd);
  const out: Recognised[] = [];
  for (const l of parseCommands(cmd.text, syntaxOf(variant))) {
    if (l.where === undefined || l.where === cmd.type) out.push(l.arg === '' ? { command: l.command } : { command: l.command, target: l.arg });
  }
  return out;
}

/**
 * The commands read in an input: the reading of its lines, each named as the declaration that performed it names
 * itself, then the actions performed that no line shows (a whole post of last words, a will's text, a bare name read
 * as a vote): so a reply says what was done with every input a declaration took, never "no command was read".
 */
export function withPerformed(read: readonly Recognised[], performed: readonly Recognised[]): readonly Recognised[] {
  if (performed.length === 0) return read;
  const named = read.map((r) => {
    const p = performed.find((x) => x.command === r.command);
    return p?.label !== undefined ? { ...r, label: p.label } : r;
  });
  return [...named, ...performed.filter((p) => !read.some((r) => r.command === p.command))];
}

/**
 * A text that names a command keyword without forming a command line gets a private hint with the command as the
 * game's locale writes it, so a player never loses a vote without knowing. Signup commands are hinted only while
 * signup is open, the others only while the game runs; an input that was already refused gets no second answer.
 */
function hintMentions<V>(b: Builder<V>, cmd: Extract<Command, { type: 'post' | 'pm' }>): void {
  const s = b.state;
  if (s.status !== 'signup' && s.status !== 'running') return;
  const { lines, mentions } = readText(cmd.text, syntaxOf(b.variant));
  if (mentions.length === 0) return;
  const m = mentions.find(
    (x) =>
      x.hint &&
      (x.where === undefined || x.where === cmd.type) &&
      isSignupCommand(x.command) === (s.status === 'signup') &&
      // A text that already holds this command (counted or refused) needs no lesson on how to write it.
      !lines.some((l) => l.command === x.command),
  );
  if (!m) return;
  const example = commandExample(b.variant.syntax, m.command, s.config.locale);
  b.reject(cmd.actor, m.why === 'first' ? 'R-HINT-FIRST-LINE' : 'R-HINT-OWN-LINE', { example }, { line: m.line });
}

/** The commands of signing up and withdrawing, hinted only while signup is open. */
function isSignupCommand(c: string): boolean {
  return c === 'join' || c === 'leave';
}

/** Fires every pending deadline due at or before `at` (none while paused or after the end). */
function catchUp<V>(b: Builder<V>, at: Millis): void {
  for (let guard = 0; guard < 10_000; guard++) {
    const s = b.state;
    if (s.pausedSince !== undefined || s.status === 'ended' || s.status === 'cancelled') return;
    const next = s.deadlines[0];
    if (!next || next.at > at) return;
    b.at = next.at;
    b.emit('deadline.fired', { id: next.id, kind: next.kind }, MODERATOR);
    fire(b, next);
  }
  throw new Error('deadline loop did not settle');
}

function fire<V>(b: Builder<V>, d: Deadline): void {
  if (d.kind === 'signup.close') return closeSignup(b);
  if (d.kind === 'start') {
    if (b.state.status === 'signup') closeSignup(b);
    // Signup is closed now, so a later planned signup close (after a moderator's early start) no longer applies.
    if (b.state.status !== 'signup') b.dropDeadlines((x) => x.kind === 'signup.close');
    if (b.state.status !== 'dealt') return;
    b.emit('game.started', {});
    b.variant.start(b);
    return;
  }
  dispatch(b.variant.timetable, b, d);
}

function closeSignup<V>(b: Builder<V>): void {
  if (b.state.status !== 'signup') return;
  const n = b.state.order.length;
  const { min, max } = playerLimits(b.variant, b.state.config);
  if (n < min && b.variant.signup?.tooFew?.(b, n, min)) return;
  if (n < min || n > max) {
    b.emit('game.cancelled', { reason: 'players', players: n });
    b.say(MODERATOR, { key: 'MSG-NOT-ENOUGH', params: { n, min, max } });
    return;
  }
  b.emit('signup.closed', { players: n });
  // DESIGN.md §2: the key binds the sealed seed to the signup list; every rulebook's deal draws from it.
  const names = b.state.order.map((id) => b.state.players[id]!.name);
  b.emit('game.keyed', { key: keyOf(b.state.seed, names) }, { kind: 'secret' });
  b.variant.deal(b);
}

function onPost<V>(b: Builder<V>, cmd: Extract<Command, { type: 'post' }>): void {
  const s = b.state;
  const lines = parseCommands(cmd.text, syntaxOf(b.variant));
  let join = false;
  let leave = false;
  for (const l of lines) {
    if (l.command === 'join') join = true;
    else if (l.command === 'leave') leave = true;
  }
  // PAL-SIGN-1: a join after signup closed is refused as such, even when the game was then cancelled.
  if (join && cmd.actor.kind === 'guest' && s.status !== 'signup') return b.reject(cmd.actor, 'R-SIGNUP-CLOSED');
  if (s.status === 'ended' || s.status === 'cancelled') return b.reject(cmd.actor, 'R-GAME-OVER');
  const policy = b.variant.signup;
  if (cmd.actor.kind === 'guest') {
    // A forum member who never signed up is not told he is "no longer in the game": his discussion gets no
    // answer, and a command of his is refused as coming from someone who is not signed up.
    if (!join) return policy?.ignoreGuestPosts || lines.length === 0 ? undefined : b.reject(cmd.actor, outsider(s, cmd.actor.name));
    if (s.status !== 'signup') return b.reject(cmd.actor, 'R-SIGNUP-CLOSED');
    const refusal = policy?.refuse?.(s, cmd.actor.name);
    if (refusal) return b.refuse(cmd.actor, refusal);
    // Names are unique after folding (PAL-GEN-4), so an existing name in another spelling is refused.
    const name = cmd.actor.name;
    const taken = s.order.some((id) => fold(s.players[id]!.name) === fold(name));
    if (taken || fold(name) === '') {
      return b.reject(cmd.actor, 'R-NAME', { text: cmd.actor.name });
    }
    return signUp(b, cmd.actor.name);
  }
  if (cmd.actor.kind !== 'player' || !s.players[cmd.actor.id]) return b.reject(cmd.actor, 'R-NOT-IN-GAME');
  if (s.status === 'signup' || s.status === 'dealt') {
    if (leave) {
      if (s.status !== 'signup') return b.reject(cmd.actor, 'R-SIGNUP-CLOSED');
      b.emit('player.withdrew', { id: cmd.actor.id });
      if (policy?.left) policy.left(b, cmd.actor.id);
      else b.tell([cmd.actor.id], { key: 'MSG-SIGNOFF-OK' });
      return;
    }
    if (join && s.status !== 'signup') return b.reject(cmd.actor, 'R-SIGNUP-CLOSED');
    if (join && policy?.duplicate) return b.refuse(cmd.actor, { code: policy.duplicate });
    publishPost(b, cmd.actor.id, cmd.text, cmd.postId);
    if (lines.some((l) => l.command !== 'join')) b.reject(cmd.actor, 'R-NOT-STARTED');
    return;
  }
  if (join || leave) return b.reject(cmd.actor, 'R-SIGNUP-CLOSED');
  // A post names a channel the author reads, else it is refused alike for every reason (a channel that does not
  // exist and a private one of others are the same to him: the refusal tells nobody which groups exist).
  if (cmd.channel !== undefined && cmd.channel !== MAIN_CHANNEL) {
    const c = channelById(b.variant, s, cmd.channel);
    if (!c || !canRead(c, { kind: 'player', id: cmd.actor.id })) return b.reject(cmd.actor, 'R-CHANNEL', { channel: cmd.channel });
  }
  if (!frozen(b, cmd.actor)) b.variant.post(b, cmd);
}

/** Why a forum member without a seat is refused: he left the game (withdrew, was replaced) or never signed up. */
function outsider<V>(s: GameState<V>, name: string): 'R-NOT-IN-GAME' | 'R-NOT-SIGNED-UP' {
  const k = fold(name);
  const held = Object.values(s.players).some((p) => (p.status === 'withdrawn' && fold(p.name) === k) || (p.formerNames ?? []).some((n) => fold(n) === k));
  return held ? 'R-NOT-IN-GAME' : 'R-NOT-SIGNED-UP';
}

/** Publishes a thread post; returns its id. */
export function publishPost<V>(b: Builder<V>, author: string, text: string, postId?: string): string {
  const id = postId ?? `post${b.state.posts + 1}`;
  b.emit('post.published', { postId: id, author, name: b.state.players[author]?.name ?? author, text });
  return id;
}

function onPm<V>(b: Builder<V>, cmd: Extract<Command, { type: 'pm' }>): void {
  const s = b.state;
  const from = cmd.actor.kind === 'player' ? cmd.actor.id : undefined;
  if (s.status === 'running' && from) return frozen(b, cmd.actor) ? undefined : b.variant.pm(b, cmd);
  const lines = parseCommands(cmd.text, syntaxOf(b.variant)).filter((l) => l.command !== 'join' && l.command !== 'leave');
  const refuseGuest = s.status === 'running' && cmd.actor.kind === 'guest' && b.variant.signup?.refuseGuestPms === true;
  if (lines.length > 0 || refuseGuest) {
    const code =
      s.status === 'ended' || s.status === 'cancelled'
        ? 'R-GAME-OVER'
        : from
          ? 'R-NOT-STARTED'
          : cmd.actor.kind === 'guest'
            ? outsider(s, cmd.actor.name)
            : 'R-NOT-IN-GAME';
    return b.reject(cmd.actor, code);
  }
  forward(b, cmd.actor, cmd.text);
}

/** Refuses a player's input while a pause freezes the game (its rulebook's policy, engine/modkit.ts); true if it did. */
function frozen<V>(b: Builder<V>, actor: Actor): boolean {
  const code = frozenOut(b.variant.modKit, b.state, actor);
  if (code === undefined) return false;
  b.refuse(actor, { code });
  return true;
}

/** Forwards a free-text PM to the human moderator and tells the sender (PAL-CON-3). */
export function forward<V>(b: Builder<V>, actor: Actor, text: string): void {
  const ids = actor.kind === 'player' ? [actor.id] : [];
  b.emit('pm.forwarded', { from: actorLabel(b.state, actor), player: ids[0], text }, { kind: 'players', ids });
  b.say(MODERATOR, { key: 'MSG-PM-TO-MOD', params: { from: actorLabel(b.state, actor), text } });
  b.tell(ids, { key: 'MSG-FORWARDED' });
}

function onMod<V>(b: Builder<V>, input: Extract<Command, { type: 'mod' }>): void {
  if (input.actor.kind !== 'moderator') return b.reject(input.actor, 'R-NOT-MODERATOR');
  const before = b.rejections.length;
  // A name the rulebook used before for a toolkit action is that action (old scripts and clients keep working).
  const kit = b.variant.modKit;
  const given = input.mod.action;
  const action = canonicalAction(kit, given);
  const cmd = action === given ? input : { ...input, mod: { ...input.mod, action } };
  const why = forbiddenReason(kit, action);
  if (why !== undefined) return b.reject(cmd.actor, 'R-MOD-ARGS', { detail: `not in this rulebook: ${why}` });
  let args = cmd.mod.args ?? {};
  const s = b.state;
  // The engine's own actions are validated by the same schemas the API publishes (engine/modactions.ts).
  const own = Object.hasOwn(ENGINE_MOD_ACTIONS, action) ? ENGINE_MOD_ACTIONS[action] : undefined;
  if (own) {
    const parsed = parseModArgs(own, args);
    if (!parsed.ok) return b.reject(cmd.actor, 'R-MOD-ARGS', { detail: parsed.detail });
    args = parsed.args;
  }
  let known = true;
  switch (action) {
    case 'note':
      if (typeof args.text !== 'string' || args.text.trim() === '') return b.reject(cmd.actor, 'R-MOD-ARGS', { detail: 'note needs text' });
      b.announce({ key: 'MSG-MOD-NOTE', params: { text: args.text } });
      break;
    case 'tell': {
      // The moderator answers one player privately (a reply to a PM, a warning): a message only that player sees.
      const who = typeof args.name === 'string' ? matchName(args.name, signedUp(s)) : undefined;
      if (who?.kind !== 'one' || typeof args.text !== 'string' || args.text.trim() === '')
        return b.reject(cmd.actor, 'R-MOD-ARGS', { detail: 'tell needs a player "name" and a "text"' });
      b.tell([who.id], { key: 'MSG-MOD-NOTE', params: { text: args.text } });
      break;
    }
    case 'pause':
      if (s.pausedSince !== undefined || s.status === 'ended') return b.reject(cmd.actor, 'R-MOD-ARGS', { detail: 'the game is not running' });
      b.emit('game.paused', {});
      b.announce({ key: 'MSG-PAUSED' });
      break;
    case 'resume': {
      if (s.pausedSince === undefined) return b.reject(cmd.actor, 'R-MOD-ARGS', { detail: 'the game is not paused' });
      // Every pending deadline moves by the length of the pause, so each phase keeps its remaining time.
      const shift = b.at - s.pausedSince;
      b.emit('game.resumed', { shiftedBy: shift });
      const moved = s.deadlines.map((d) => ({ ...d, at: d.at + shift }));
      b.schedule(moved);
      // PAL-MOD-3, DE-SCHED-5: a moved deadline the players were told is posted with its new local time.
      const next = moved.reduce<number | undefined>((m, d) => (m === undefined || d.at < m ? d.at : m), undefined);
      if (next === undefined) b.announce({ key: 'MSG-RESUMED' });
      else {
        const [, month, day] = localDate(next, s.config.timeZone).split('-');
        b.announce({ key: 'MSG-RESUMED-NEXT', params: { day: day!, month: month!, time: hhmm(next, s.config.timeZone) } });
      }
      break;
    }
    case 'close-signup':
      if (s.status !== 'signup') return b.reject(cmd.actor, 'R-SIGNUP-CLOSED');
      b.dropDeadlines((d) => d.kind === 'signup.close');
      closeSignup(b);
      break;
    case 'start':
      if (s.status !== 'signup' && s.status !== 'dealt') return b.reject(cmd.actor, 'R-MOD-ARGS', { detail: 'the game has already started' });
      b.upsertDeadlines({ id: 'start', kind: 'start', at: b.at });
      catchUp(b, b.at);
      break;
    case 'cancel':
      if (s.status === 'ended' || s.status === 'cancelled') return b.reject(cmd.actor, 'R-GAME-OVER');
      b.emit('game.cancelled', { reason: 'moderator' });
      break;
    default:
      known = b.variant.mod(b, cmd);
  }
  if (!known) return b.reject(cmd.actor, 'R-MOD-UNKNOWN', { action });
  if (b.rejections.length === before) {
    b.emit('moderator.action', { by: input.actor.name, action: given, args, ...(action !== given ? { as: action } : {}) }, MODERATOR);
  }
}

/** A command from the scheduler: time has reached `at`. */
export function tick(at: Millis): Command {
  return { type: 'deadline.reached', at, actor: SYSTEM };
}
