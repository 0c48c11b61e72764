// The Builder is how decide-time code (engine and variant hooks) records what happens: every emitted event is
// folded into the working state at once, so later steps of the same command see its effects.
import {
  type Actor,
  type Audience,
  type GameEvent,
  type Message,
  type Millis,
  MODERATOR,
  type Param,
  type PlayerId,
  PUBLIC,
  type Rejection,
} from '../core/types.ts';
import type { EngineEvents } from './events.ts';
import { evolve } from './evolve.ts';
import type { EngineRejectionCode } from './rejections.ts';
import { type DrawSource, Draws, gameRng } from './rng.ts';
import type { Deadline, GameState } from './state.ts';
import type { Recognised, Variant } from './variant.ts';

/** What the host injects into decide: only a draw source factory (real games use the game RNG). */
export interface Env {
  /** Builds the draw source for a game key; simulations may inject a faster PRNG. */
  readonly rng?: (keyHex: string) => DrawSource;
}

/**
 * The event map of code written for any rulebook: it knows no rulebook events, so it emits only the engine's. A
 * rulebook's builder is one of these too (its own events only add to what it may emit).
 */
export type AnyEvents = Record<never, never>;

/**
 * Accumulates events, rejections and state while one command is decided. `M` is the rulebook's event map: `emit`
 * accepts its events and the engine's, each with its own data. `R` is the rejection codes `reject` accepts: a
 * rulebook's builder names its own union (PalRejectionCode, DeRejectionCode) so a misspelt code does not compile.
 */
export class Builder<V = unknown, M = AnyEvents, R extends string = EngineRejectionCode> {
  /** Events emitted so far, in order. */
  readonly events: GameEvent[] = [];
  /** Rejections given so far (a post may carry several command lines). */
  readonly rejections: Rejection[] = [];
  /** The declared actions this input was read as, accepted or refused (actions/check.ts `perform`), for the reply. */
  readonly performed: Recognised[] = [];

  constructor(
    readonly variant: Variant<V>,
    /** The working state: the input state with every emitted event folded in. */
    public state: GameState<V>,
    readonly env: Env,
    /** The instant being processed (a deadline's instant during catch-up, else the command's). */
    public at: Millis,
  ) {}

  /** Emits an engine event and folds it into the working state. */
  emit<T extends keyof EngineEvents>(type: T, data: EngineEvents[T], audience?: Audience): GameEvent<T, EngineEvents[T]>;
  /** Emits an event of the rulebook and folds it into the working state. */
  emit<T extends Exclude<keyof M & string, keyof EngineEvents>>(type: T, data: M[T], audience?: Audience): GameEvent<T, M[T]>;
  emit(type: string, data: unknown, audience: Audience = PUBLIC): GameEvent {
    // CIT-ENG-3: a rulebook with staff duties names the duty of each non-public event as it is written.
    const duty =
      audience.kind !== 'public' && audience.kind !== 'secret' && audience.duty === undefined
        ? this.variant.dutyOf?.(this.state, type, data, audience)
        : undefined;
    const e: GameEvent = { type, at: this.at, audience: duty === undefined ? audience : ({ ...audience, duty } as Audience), data };
    this.events.push(e);
    this.state = evolve(this.variant, this.state, e);
    return e;
  }

  /** Sends one post (several message parts, rendered in order) to an audience. */
  say(audience: Audience, ...parts: Message[]): void {
    if (parts.length > 0) this.emit('message', { parts }, audience);
  }

  /** Posts publicly in the thread. */
  announce(...parts: Message[]): void {
    this.say(PUBLIC, ...parts);
  }

  /** Sends a private message to players. */
  tell(ids: readonly PlayerId[], ...parts: Message[]): void {
    if (ids.length > 0) this.say({ kind: 'players', ids: [...ids] }, ...parts);
  }

  /** Refuses an action: records the rejection and tells its author (and the moderator) why. */
  reject(actor: Actor, code: R, params: Record<string, Param> = {}, detail?: { line?: string; flag?: boolean }): void {
    this.refuse(actor, { code, params }, detail);
  }

  /**
   * Refuses with a rejection a rulebook hook returned (signup policy, a parser's refusal): its code was typed where
   * the hook made it, so the engine passes it on as it is.
   */
  refuse(actor: Actor, r: Rejection, detail?: { line?: string; flag?: boolean }): void {
    const rejection: Rejection = this.variant.rejection ? this.variant.rejection(this.state, { code: r.code, params: { ...(r.params ?? {}) } }) : r;
    const code = rejection.code;
    const params = { ...(rejection.params ?? {}) };
    this.rejections.push(rejection);
    const audience: Audience = actor.kind === 'player' ? { kind: 'players', ids: [actor.id] } : MODERATOR;
    this.emit(
      'command.rejected',
      {
        by: actorLabel(this.state, actor),
        player: actor.kind === 'player' ? actor.id : undefined,
        code,
        params,
        line: detail?.line ?? '',
        flagged: detail?.flag === true,
      },
      audience,
    );
  }

  /** Flags something to the human moderator (PAL-CON-1, proxy votes, late posts). */
  flag(reason: string, params: Record<string, Param> = {}): void {
    this.emit('moderator.flag', { reason, params }, MODERATOR);
  }

  /** Replaces the pending deadlines. */
  schedule(deadlines: readonly Deadline[]): void {
    this.emit('schedule.set', { deadlines: [...deadlines].sort((a, b) => a.at - b.at) });
  }

  /** Adds or replaces deadlines by id, keeping the others. */
  upsertDeadlines(...add: Deadline[]): void {
    const ids = new Set(add.map((d) => d.id));
    this.schedule([...this.state.deadlines.filter((d) => !ids.has(d.id)), ...add]);
  }

  /** Removes pending deadlines matching a predicate. */
  dropDeadlines(pred: (d: Deadline) => boolean): void {
    if (this.state.deadlines.some(pred)) this.schedule(this.state.deadlines.filter((d) => !pred(d)));
  }

  /**
   * A cursor over the game RNG from the next unconsumed draw. Record what it consumed by putting
   * `drawn: cursor.used` into the event that uses the values (the fold counts them).
   */
  draws(): Draws {
    const key = this.state.key;
    if (!key) throw new Error('draws requested before the game key exists');
    return new Draws((this.env.rng ?? gameRng)(key), this.state.draws);
  }
}

/** A readable label of an actor for logs and transcripts. */
export function actorLabel<V>(s: GameState<V>, a: Actor): string {
  switch (a.kind) {
    case 'player':
      return s.players[a.id]?.name ?? a.id;
    case 'guest':
      return a.name;
    case 'moderator':
      return `moderator:${a.name}`;
    case 'system':
      return 'system';
  }
}
