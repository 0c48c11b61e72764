// The legal actions derived from the declarations: an action is open to a player when every condition of its check
// holds, and each argument lists exactly the values its own conditions accept. So the browser's forms, reminders and
// bots are offered what the command check accepts, and nothing else (test/unit/actions.unit.test.ts proves it over
// bot-played games).
import type { Millis, PlayerId } from '../../core/types.ts';
import type { GameState, Locale } from '../state.ts';
import type { LegalAction, LegalParam } from '../variant.ts';
import { type ActionTable, actorHolds, type Compiled, type CompiledParam, type Ctx, ctxOf, OP_NOT_SELF, OP_ROLE, targetHolds } from './declare.ts';
import { textsOf, wordsIn } from './text.ts';

/** What player `me` may do now by the rulebook's declarations (nothing unless the game runs). */
export function legalOf<V, M, R extends string>(table: ActionTable<V, M, R>, s: GameState<V>, me: PlayerId): LegalAction[] {
  if (s.status !== 'running' || s.players[me] === undefined) return [];
  const c = ctxOf(s, me, s.clock, '');
  for (const m of table.common) {
    m.ctx = c;
    m.result = actorHolds(m.step, c);
    if (!m.result) return [];
  }
  const out: LegalAction[] = [];
  for (const a of forRole(table, s.players[me]?.role ?? '')) {
    const gate = a.gate;
    if (gate !== undefined && gate.ctx === c && !gate.result) continue;
    const legal = legalOne(a, c, s.config.locale);
    if (legal) out.push(legal);
  }
  return out;
}

/** The declarations a player of `role` may take at all: a role condition of the others refuses him whatever the state. */
function forRole<V, M, R extends string>(table: ActionTable<V, M, R>, role: string): readonly Compiled<V, M, R>[] {
  let list = table.byRole.get(role);
  if (list === undefined) {
    list = table.actions.filter((a) => a.actorChecks.every((m) => m.step.op !== OP_ROLE || m.step.roles?.has(role) === true));
    table.byRole.set(role, list);
  }
  return list;
}

/** One action for the context's player, or undefined when a condition fails or an argument has no legal value. */
function legalOne<V, M, R extends string>(a: Compiled<V, M, R>, c: Ctx<V>, locale: Locale): LegalAction | undefined {
  if (a.writable !== undefined && !a.writable(c)) return undefined;
  let until: Millis | undefined;
  for (const m of a.actorChecks) {
    if (m.ctx !== c) {
      m.ctx = c;
      m.result = actorHolds(m.step, c);
    }
    if (!m.result) return undefined;
    if (until === undefined && m.step.until !== undefined) until = m.step.until(c);
  }
  // Conditions on several arguments filter the list of an argument that may stand alone; with none they hold or not.
  if (a.params.length === 0) for (const check of a.argsChecks) if (!check.test(c, {})) return undefined;
  // An action without lists to draw up (no argument, or texts only) is the same object while its channel and `until`
  // are: most players' open actions at most instants (a suicide, an absence), so a derivation allocates nothing for them.
  let channel: string | undefined;
  if (a.fixed) {
    for (const cp of a.params) for (const step of cp.checks) if (until === undefined && step.until !== undefined) until = step.until(c);
    channel = a.channel?.(c);
    const last = a.last;
    if (last !== undefined && last.locale === locale && last.channel === channel && last.until === until) return last.legal;
  }
  const params: LegalParam[] = [];
  let targets: readonly PlayerId[] | undefined;
  let choices: readonly string[] | undefined;
  for (const cp of a.params) {
    const p = cp.def;
    for (const step of cp.checks) if (until === undefined && step.until !== undefined) until = step.until(c);
    const label = p.label ? wordsIn(p.label, locale) : undefined;
    if (p.kind === 'player') {
      const list = playerList(a, cp, c);
      if (list.length === 0 && !p.optional) return undefined;
      targets ??= list;
      params.push({ kind: 'player', key: cp.key, targets: list, optional: p.optional, label });
    } else if (p.kind === 'choice') {
      const values: string[] = [];
      for (const value of p.values) {
        const shown = p.show(value, locale);
        if (cp.words.every((w) => w.test(shown)) && accepts(a, cp, c, value, shown)) values.push(shown);
      }
      if (values.length === 0 && !p.optional) return undefined;
      choices ??= values;
      params.push({ kind: 'choice', key: cp.key, values, optional: p.optional, label });
    } else {
      params.push({ kind: 'text', key: cp.key, multiline: p.multiline === true || p.lines !== undefined, max: p.max, optional: p.optional, label });
    }
  }
  const t = textsOf(a, locale);
  const legal: LegalAction = {
    command: a.command,
    via: a.via,
    channel: a.fixed ? channel : a.channel?.(c),
    template: t.template,
    targets,
    choices,
    until,
    id: a.id,
    keyword: t.keyword,
    line: t.line,
    params,
    irreversible: a.irreversible,
    confirm: a.confirm,
  };
  if (a.fixed) a.last = { locale, channel, until, legal };
  return legal;
}

/**
 * The players argument `cp` may name now. A keyed argument's list is drawn up once per state and key, without its
 * not-self condition, and the actor is taken out of it afterwards: so the players of one key (everyone, for a list
 * that reads no actor) share it.
 */
function playerList<V, M, R extends string>(a: Compiled<V, M, R>, cp: CompiledParam<V, R>, c: Ctx<V>): readonly PlayerId[] {
  const key = cp.listKey?.(c);
  if (key === undefined) return drawUp(a, cp, c, false);
  const lists = cp.lists;
  if (lists.state !== c.s) {
    lists.state = c.s;
    lists.byKey.clear();
  }
  let list = lists.byKey.get(key);
  if (!list) {
    list = drawUp(a, cp, c, true);
    lists.byKey.set(key, list);
  }
  return cp.notSelf && list.includes(c.me) ? list.filter((id) => id !== c.me) : list;
}

/** The candidates every condition on `cp` accepts (`shared`: all but not-self, which the caller applies). */
function drawUp<V, M, R extends string>(a: Compiled<V, M, R>, cp: CompiledParam<V, R>, c: Ctx<V>, shared: boolean): PlayerId[] {
  const list: PlayerId[] = [];
  const worded = cp.words.length > 0;
  for (const id of cp.among ? cp.among(c) : c.s.order) {
    if (worded && !nameable(cp, c.s.players[id]?.name ?? '')) continue;
    if (accepts(a, cp, c, id, cp.readsRaw ? (c.s.players[id]?.name ?? '') : '', shared)) list.push(id);
  }
  return list;
}

/** Whether the word conditions of `cp` accept a player's name, remembered per name (bounded: names of many games). */
function nameable<V, R>(cp: CompiledParam<V, R>, name: string): boolean {
  let ok = cp.nameable.get(name);
  if (ok === undefined) {
    ok = cp.words.every((w) => w.test(name));
    if (cp.nameable.size >= 4096) cp.nameable.clear();
    cp.nameable.set(name, ok);
  }
  return ok;
}

/**
 * True when every condition on an argument accepts `value` (written `raw`), with those on several when it may stand
 * alone; `shared` passes over not-self (a shared list takes the actor out afterwards).
 */
function accepts<V, M, R extends string>(a: Compiled<V, M, R>, cp: CompiledParam<V, R>, c: Ctx<V>, value: string, raw: string, shared = false): boolean {
  for (const step of cp.checks) {
    if (step.kind !== 'target') {
      if (!step.test(c, value, raw)) return false;
    } else if (!(shared && step.op === OP_NOT_SELF) && !targetHolds(step, c, value)) return false;
  }
  if (cp.alone && a.argsChecks.length > 0) {
    // One object per argument serves every candidate (the conditions read it, never keep it).
    const args = cp.aloneArgs;
    args[cp.key] = value;
    for (const check of a.argsChecks) if (!check.test(c, args)) return false;
  }
  return true;
}

const FREE = /^<[^<>]+>$/;
const SLOT = /\{(name|choice|text|pseudonym|to)\}/g;

/**
 * A legal action of a rulebook that still writes its own (not yet declared) in the full shape: its arguments read
 * from the template's slots (`{name}` a player from `targets`, `{choice}` one of `choices`, a `<…>` template the
 * whole text), its keyword the template before the first slot. Declared actions are returned as they are.
 */
export function fullShape(a: LegalAction): LegalAction {
  if (a.params) return a;
  if (FREE.test(a.template)) {
    return { ...a, keyword: '', line: '{text}', params: [{ kind: 'text', key: 'text', multiline: true }], irreversible: false, confirm: false };
  }
  const params: LegalParam[] = [];
  let players = 0;
  const line = a.template.replace(SLOT, (_, slot: string) => {
    if (slot === 'name' || slot === 'to') {
      const key = slot === 'to' ? 'to' : players === 0 ? 'target' : `target${players + 1}`;
      players++;
      params.push({ kind: 'player', key, targets: a.targets ?? [] });
      return `{${key}}`;
    }
    if (slot === 'choice') params.push({ kind: 'choice', key: 'choice', values: a.choices ?? [] });
    else params.push({ kind: 'text', key: slot, multiline: slot === 'text' });
    return `{${slot}}`;
  });
  const keyword = a.template.replace(/\s*:?\s*\{[\s\S]*$/, '').trim();
  return { ...a, id: a.id ?? a.command, keyword, line, params, irreversible: false, confirm: false };
}
