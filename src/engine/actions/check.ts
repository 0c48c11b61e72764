// The command check derived from a declaration: the arguments are read from the command line, then every condition
// runs in the declared order and the first that fails gives the refusal (its code, parameters, flag and note). An
// accepted action runs its effect. The same conditions, all at once, decide the legal actions (legal.ts), so what a
// form offers and what the check accepts cannot drift apart.
import type { Actor, Params } from '../../core/types.ts';
import type { Builder } from '../builder.ts';
import type { CommandLine } from '../parse.ts';
import type { GameState } from '../state.ts';
import { type ActionTable, type Args, type Compiled, type Ctx, ctxOf, matchIn, type Note } from './declare.ts';

/** A refusal as the check found it. */
export interface Refusal<R> {
  readonly code: R;
  readonly params: Params;
  readonly flag: boolean;
  readonly note?: Note;
}

/** The outcome of a check: the resolved arguments, or the refusal of the first condition that failed. */
export type Outcome<R> = { readonly ok: true; readonly args: Args } | { readonly ok: false; readonly refusal: Refusal<R> };

/** What a command line gives an action: its argument text, the lines after it, and the whole text. */
export interface Written {
  readonly arg: string;
  readonly line: string;
  /** The lines after the command line (for parameters that take them). */
  readonly rest?: readonly string[];
  /** The whole post or message (for a `whole` text parameter). */
  readonly text: string;
}

const EMPTY: Params = {};

/** The text each parameter was given, split by the declared separators (undefined: absent). */
export function splitArgs<V, M, R extends string>(a: Compiled<V, M, R>, w: Written): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  let rest = w.arg;
  for (let i = 0; i < a.keys.length; i++) {
    const key = a.keys[i]!;
    const p = a.def.params[key]!;
    if (p.kind === 'text' && p.whole) {
      out[key] = w.text;
      continue;
    }
    if (p.lines === 'rest') {
      const text = (w.rest ?? []).join('\n').trim();
      out[key] = text === '' ? undefined : text;
      continue;
    }
    // The next parameter's separator ends this one (when it is on the same line).
    const next = a.keys[i + 1] !== undefined ? a.def.params[a.keys[i + 1]!] : undefined;
    const sep = next && next.lines !== 'rest' ? next.sep : undefined;
    if (sep) {
      const m = sep.accept.exec(rest);
      if (m) {
        out[key] = rest.slice(0, m.index).trim();
        rest = rest.slice(m.index + m[0].length);
        continue;
      }
    }
    const text = rest.trim();
    out[key] = text === '' && p.optional ? undefined : text;
    rest = '';
  }
  return out;
}

/**
 * Checks one action: reads its arguments from the written line, then runs its conditions in order. Never throws for
 * bad input.
 */
export function checkAction<V, M, R extends string>(table: ActionTable<V, M, R>, a: Compiled<V, M, R>, c: Ctx<V>, w: Written): Outcome<R> {
  const raws = splitArgs(a, w);
  const values: Record<string, string | undefined> = {};
  const several: Record<string, boolean> = {};
  for (const key of a.keys) {
    const raw = raws[key];
    const p = a.def.params[key]!;
    if (raw === undefined) continue;
    if (p.kind === 'player') {
      const m = matchIn(table, raw, everyone(c.s));
      if (m.kind === 'one') values[key] = m.id;
      else if (m.kind === 'several') several[key] = true;
    } else if (p.kind === 'choice') values[key] = p.read(raw);
    else values[key] = raw.trim() === '' ? undefined : raw;
  }
  for (const check of a.def.checks) {
    switch (check.kind) {
      case 'actor':
        if (!check.test(c)) return refusal(check.code, check.params?.(c), check.flag, check.note?.(c));
        break;
      case 'peek':
        if (!check.test(c, values[check.arg], raws[check.arg] ?? '')) {
          return refusal(check.code, check.params?.(c, values[check.arg], raws[check.arg] ?? ''), check.flag);
        }
        break;
      case 'resolve': {
        if (values[check.arg] !== undefined) break;
        const p = a.def.params[check.arg]!;
        const raw = raws[check.arg];
        if (raw === undefined && p.optional) break;
        // A text parameter without a refusal code accepts an empty text.
        if (p.kind === 'text') {
          if (p.code === undefined) break;
          return refusal(p.code, undefined, false);
        }
        const ambiguous = p.kind === 'player' && several[check.arg] === true && p.ambiguous !== undefined;
        return refusal(p.code, p.params?.(raw ?? ''), ambiguous, ambiguous ? p.ambiguous?.(c, raw ?? '') : undefined);
      }
      case 'target': {
        const id = values[check.arg];
        if (id !== undefined && !check.test(c, id)) return refusal(check.code, check.params?.(c, id), check.flag);
        break;
      }
      case 'args':
        if (!check.test(c, values)) return refusal(check.code, check.params?.(c, values), check.flag);
        break;
    }
  }
  return { ok: true, args: values };
}

function refusal<R>(code: R, params: Params | undefined, flag: boolean | undefined, note?: Note): { ok: false; refusal: Refusal<R> } {
  return { ok: false, refusal: { code, params: params ?? EMPTY, flag: flag === true, ...(note ? { note } : {}) } };
}

/** Every player who signed up, in signup order: the names an argument may match. */
function everyone<V>(s: GameState<V>) {
  return s.order.map((id) => s.players[id]!);
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
  const list = table.byCommand.get(`${via}:${command}`);
  if (!list || list.length <= 1) return list?.[0];
  for (const a of list) if (selected(a, c, w)) return a;
  return list[0];
}

function selected<V, M, R extends string>(a: Compiled<V, M, R>, c: Ctx<V>, w: Written): boolean {
  if (!a.selects) return false;
  const raws = splitArgs(a, w);
  for (const check of a.def.checks) {
    if (check.kind === 'resolve' || !check.select) continue;
    if (check.kind === 'actor' && !check.test(c)) return false;
    if (check.kind === 'peek') {
      const p = a.def.params[check.arg]!;
      const raw = raws[check.arg] ?? '';
      const value = p.kind === 'choice' ? p.read(raw) : undefined;
      if (!check.test(c, value, raw)) return false;
    }
  }
  return true;
}

/**
 * Performs a command line of a player: finds its declaration for `via`, checks it and either records the refusal (the
 * author is told, the moderator flagged where declared) or runs the effect. Returns false when no declaration
 * answers the command there (the rulebook then says why: a vote sent by PM, a signup command while running).
 */
export function perform<V, M, R extends string>(
  b: Builder<V, M, R>,
  table: ActionTable<V, M, R>,
  actor: Extract<Actor, { kind: 'player' }>,
  via: 'post' | 'pm',
  line: Pick<CommandLine, 'command' | 'arg' | 'line'> & { readonly rest?: readonly string[] },
  input: { readonly text: string; readonly postId?: string },
): boolean {
  const c = ctxOf(table, b.state, actor.id, b.at, line.line);
  const w: Written = { arg: line.arg, line: line.line, text: input.text, ...(line.rest ? { rest: line.rest } : {}) };
  const a = declarationFor(table, via, line.command, c, w);
  if (!a) return false;
  const out = checkAction(table, a, c, w);
  if (out.ok) {
    a.def.effect(b, { actor, me: actor.id, args: out.args, line: line.line, input });
    return true;
  }
  const r = out.refusal;
  b.reject(actor, r.code, r.params, { line: line.line, flag: r.flag });
  if (r.note) b.flag(r.note.reason, r.note.params);
  a.def.refused?.(b, { actor, me: actor.id, args: {}, line: line.line, input }, r.code);
  return true;
}
