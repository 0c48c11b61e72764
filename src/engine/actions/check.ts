// The command check derived from a declaration: the arguments are read from the command line, then every condition
// runs in the declared order and the first that fails gives the refusal (its code, parameters, flag and note). An
// accepted action runs its effect. The same conditions, all at once, decide the legal actions (legal.ts), so what a
// form offers and what the check accepts cannot drift apart.
import type { Actor, Params } from '../../core/types.ts';
import type { Builder } from '../builder.ts';
import type { Named } from '../names.ts';
import type { CommandLine } from '../parse.ts';
import type { Locale } from '../state.ts';
import { type GameState, signedUp } from '../state.ts';
import type { Recognised } from '../variant.ts';
import { type ActionTable, type Args, actorHolds, type Compiled, type Ctx, ctxOf, matchIn, type Note, targetHolds } from './declare.ts';
import { textsOf, wordsIn } from './text.ts';

/** A refusal as the check found it. */
export interface Refusal<R> {
  readonly code: R;
  readonly params: Params;
  readonly flag: boolean;
  readonly note?: Note | undefined;
}

/** The outcome of a check: the resolved arguments, or the refusal of the first condition that failed. */
export type Outcome<R> = { readonly ok: true; readonly args: Args } | { readonly ok: false; readonly refusal: Refusal<R> };

/** What a command line gives an action: its argument text, the lines after it, and the whole post or message. */
export interface Written {
  readonly arg: string;
  /** The lines after the command line (for parameters that take them). */
  readonly rest?: readonly string[] | undefined;
  /** The whole post or message (for a `whole` text parameter). */
  readonly text: string;
}

const EMPTY: Params = {};

/**
 * Scratch space for the argument texts and values of the check being run: a check never runs inside another (effects
 * and conditions perform no action), so two arrays serve every command without allocating.
 */
const RAWS: (string | undefined)[] = [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined];
const VALUES: (string | undefined)[] = [undefined, undefined, undefined, undefined, undefined, undefined, undefined, undefined];

/** Fills `out` with the text each parameter was given, in order, split by the declared separators (undefined: absent). */
export function splitArgs<V, M, R extends string>(a: Compiled<V, M, R>, w: Written, out: (string | undefined)[] = []): (string | undefined)[] {
  const ps = a.params;
  // The common case: one argument, the rest of the command line (which the parser has trimmed).
  const only = ps.length === 1 ? ps[0]!.def : undefined;
  if (only && only.lines === undefined && !(only.kind === 'text' && only.whole)) {
    out[0] = w.arg === '' && only.optional ? undefined : w.arg;
    return out;
  }
  let rest = w.arg;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]!.def;
    if (p.kind === 'text' && p.whole) {
      out[i] = w.text;
      continue;
    }
    if (p.lines === 'rest' || p.lines === 'all') {
      const text = [...(p.lines === 'all' ? [rest] : []), ...(w.rest ?? [])].join('\n').trim();
      if (p.lines === 'all') rest = '';
      out[i] = text === '' ? undefined : text;
      continue;
    }
    // The next parameter's separator ends this one (when it is on the same line).
    const next = ps[i + 1]?.def;
    const sep = next && next.lines === undefined ? next.sep : undefined;
    const m = sep ? sep.accept.exec(rest) : null;
    if (m) {
      out[i] = rest.slice(0, m.index).trim();
      rest = rest.slice(m.index + m[0].length);
      continue;
    }
    const text = rest.trim();
    out[i] = text === '' && p.optional ? undefined : text;
    rest = '';
  }
  return out;
}

/** The arguments by name, as effects and conditions on several arguments read them. */
function named<V, M, R extends string>(a: Compiled<V, M, R>, values: readonly (string | undefined)[]): Args {
  const out: Record<string, string | undefined> = {};
  for (let i = 0; i < a.params.length; i++) out[a.params[i]!.key] = values[i];
  return out;
}

/**
 * Checks one action: reads its arguments from the written line, then runs its conditions in order. Never throws for
 * bad input.
 */
export function checkAction<V, M, R extends string>(table: ActionTable<V, M, R>, a: Compiled<V, M, R>, c: Ctx<V>, w: Written): Outcome<R> {
  const raws = splitArgs(a, w, a.params.length <= RAWS.length ? RAWS : []);
  const values = a.params.length <= VALUES.length ? VALUES : [];
  let several = -1;
  for (let i = 0; i < a.params.length; i++) {
    const raw = raws[i];
    const p = a.params[i]!.def;
    let value: string | undefined;
    if (raw !== undefined) {
      if (p.kind === 'player') {
        const m = matchIn(table, raw, everyone(c.s));
        if (m.kind === 'one') value = m.id;
        else if (m.kind === 'several' && several < 0) several = i;
      } else if (p.kind === 'choice') value = p.read(raw);
      else value = raw.trim() === '' ? undefined : raw;
    }
    values[i] = value;
  }
  let args: Args | undefined;
  for (const step of a.steps) {
    switch (step.kind) {
      case 'actor':
        if (step.why !== undefined) {
          const r = step.why(c);
          if (r) return refusal(r.code, r.params?.(c), r.flag, r.note?.(c));
        } else if (!actorHolds(step, c)) return refusal(step.code, step.params?.(c), step.flag, step.note?.(c));
        break;
      case 'peek': {
        const raw = raws[step.index] ?? '';
        if (!step.test(c, values[step.index], raw)) return refusal(step.code, step.params?.(c, values[step.index], raw), step.flag);
        break;
      }
      case 'word': {
        const raw = raws[step.index] ?? '';
        if (!step.test(raw)) return refusal(step.code, step.params?.(raw), step.flag);
        break;
      }
      case 'resolve': {
        if (values[step.index] !== undefined) break;
        const p = a.params[step.index]!.def;
        const raw = raws[step.index];
        if (raw === undefined && p.optional) break;
        // A text parameter without a refusal code accepts an empty text.
        if (p.kind === 'text') {
          if (p.code === undefined) break;
          return refusal(p.code, undefined, false);
        }
        const ambiguous = p.kind === 'player' && several === step.index && p.ambiguous !== undefined;
        return refusal(p.code, p.params?.(raw ?? ''), ambiguous, ambiguous ? p.ambiguous?.(c, raw ?? '') : undefined);
      }
      case 'target': {
        const id = values[step.index];
        if (id !== undefined && !targetHolds(step, c, id)) return refusal(step.code, step.params?.(c, id), step.flag);
        break;
      }
      case 'args':
        args ??= named(a, values);
        if (!step.test(c, args)) return refusal(step.code, step.params?.(c, args), step.flag);
        break;
    }
  }
  return { ok: true, args: args ?? named(a, values) };
}

function refusal<R>(code: R, params: Params | undefined, flag: boolean | undefined, note?: Note): { ok: false; refusal: Refusal<R> } {
  return { ok: false, refusal: { code, params: params ?? EMPTY, flag: flag === true, note } };
}

/**
 * Every player who signed up, in signup order: the names an argument may match. One list while the players stand
 * (`signedUp`), so name matching indexes it once instead of once per command.
 */
function everyone<V>(s: GameState<V>): readonly Named[] {
  return signedUp(s);
}

/**
 * The declaration that answers a command line: the only one, or (several declarations of one command) the first
 * whose `select` conditions hold, else the first.
 */
export function declarationFor<V, M, R extends string>(
  table: ActionTable<V, M, R>,
  via: 'post' | 'pm',
  command: string,
  c: Ctx<V>,
  w: Written,
): Compiled<V, M, R> | undefined {
  const list = table.byVia[via].get(command);
  if (!list || list.length <= 1) return list?.[0];
  for (const a of list) if (selected(a, c, w)) return a;
  return list[0];
}

function selected<V, M, R extends string>(a: Compiled<V, M, R>, c: Ctx<V>, w: Written): boolean {
  if (a.selects.length === 0) return false;
  const raws = splitArgs(a, w, a.params.length <= RAWS.length ? RAWS : []);
  for (const step of a.selects) {
    if (step.kind === 'actor' && !actorHolds(step, c)) return false;
    if (step.kind === 'word' && !step.test(raws[step.index] ?? '')) return false;
    if (step.kind === 'peek') {
      const p = a.params[step.index]!.def;
      const raw = raws[step.index] ?? '';
      if (!step.test(c, p.kind === 'choice' ? p.read(raw) : undefined, raw)) return false;
    }
  }
  return true;
}

/**
 * Performs a command line of a player: finds its declaration for `via`, checks it and either records the refusal (the
 * author is told, the moderator flagged where declared) or runs the effect. Returns true when it was accepted, false
 * when refused, and undefined when no declaration answers the command there (the rulebook then says why: a vote
 * sent by PM, a signup command while the game runs).
 */
export function perform<V, M, R extends string>(
  b: Builder<V, M, R>,
  table: ActionTable<V, M, R>,
  actor: Extract<Actor, { kind: 'player' }>,
  via: 'post' | 'pm',
  line: Pick<CommandLine, 'command' | 'arg' | 'line'> & { readonly rest?: readonly string[] },
  input: { readonly text: string; readonly postId?: string },
): boolean | undefined {
  const c = ctxOf(b.state, actor.id, b.at, line.line);
  const w: Written = { arg: line.arg, text: input.text, rest: line.rest };
  const a = declarationFor(table, via, line.command, c, w);
  if (!a) return undefined;
  b.performed.push(readAs(a, line.arg, b.state.config.locale));
  const out = checkAction(table, a, c, w);
  if (out.ok) {
    a.effect(b, { actor, me: actor.id, args: out.args, line: line.line, via, input });
    return true;
  }
  const r = out.refusal;
  b.reject(actor, r.code, r.params, { line: line.line, flag: r.flag });
  if (r.note) b.flag(r.note.reason, r.note.params);
  a.refused?.(b, { actor, me: actor.id, args: {}, line: line.line, via, input }, r.code);
  return false;
}

/**
 * How a reply names an action that was performed: its command, its first argument as written (a player or a choice;
 * a free text is not repeated back) and its name in the game's language (the taught keyword, or a whole text's name).
 */
function readAs<V, M, R extends string>(a: Compiled<V, M, R>, arg: string, locale: Locale): Recognised {
  const first = a.params[0]?.def;
  const text = a.params.find((p) => p.def.kind === 'text')?.def;
  const label = textsOf(a, locale).keyword || (text?.kind === 'text' ? wordsIn(text.placeholder, locale) : a.command);
  const target = first && first.kind !== 'text' ? arg.trim().slice(0, 80) : '';
  return target === '' ? { command: a.command, label } : { command: a.command, target, label };
}
