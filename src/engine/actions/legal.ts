// The legal actions derived from the declarations: an action is open to a player when every condition of its check
// holds, and each argument lists exactly the values its own conditions accept. So the browser's forms, reminders and
// bots are offered what the command check accepts, and nothing else (test/unit/actions.unit.test.ts proves it over
// bot-played games).
import type { Millis, PlayerId } from '../../core/types.ts';
import type { GameState, Locale } from '../state.ts';
import type { LegalAction, LegalParam } from '../variant.ts';
import { type ActionTable, type Compiled, type Ctx, ctxOf } from './declare.ts';
import { keywordOf, lineOf, wordsIn } from './text.ts';

/** What player `me` may do now by the rulebook's declarations (nothing unless the game runs). */
export function legalOf<V, M, R extends string>(table: ActionTable<V, M, R>, s: GameState<V>, me: PlayerId): LegalAction[] {
  if (s.status !== 'running' || s.players[me] === undefined) return [];
  const c = ctxOf(table, s, me, s.clock, '');
  const out: LegalAction[] = [];
  for (const a of table.actions) {
    const legal = legalOne(a, c, s.config.locale);
    if (legal) out.push(legal);
  }
  return out;
}

/** One action for the context's player, or undefined when a condition fails or an argument has no legal value. */
function legalOne<V, M, R extends string>(a: Compiled<V, M, R>, c: Ctx<V>, locale: Locale): LegalAction | undefined {
  let until: Millis | undefined;
  for (const check of a.actorChecks) {
    if (!check.test(c)) return undefined;
    if (until === undefined && check.until) until = check.until(c);
  }
  // Conditions on several arguments filter the list of a single argument; with no argument they hold or not.
  if (a.keys.length === 0) for (const check of a.argsChecks) if (!check.test(c, {})) return undefined;
  const params: LegalParam[] = [];
  let targets: readonly PlayerId[] | undefined;
  let choices: readonly string[] | undefined;
  for (const key of a.keys) {
    const p = a.def.params[key]!;
    const checks = a.argChecks.get(key)!;
    for (const check of checks) if (until === undefined && check.kind === 'peek' && check.until) until = check.until(c);
    const label = p.label ? { label: wordsIn(p.label, locale) } : {};
    const optional = p.optional ? { optional: true } : {};
    if (p.kind === 'player') {
      const list: PlayerId[] = [];
      for (const id of c.s.order) if (accepts(a, c, key, id, c.s.players[id]!.name)) list.push(id);
      if (list.length === 0 && !p.optional) return undefined;
      targets ??= list;
      params.push({ kind: 'player', key, targets: list, ...optional, ...label });
    } else if (p.kind === 'choice') {
      const values: string[] = [];
      for (const value of p.values) {
        const shown = p.show(value, locale);
        if (accepts(a, c, key, value, shown)) values.push(shown);
      }
      if (values.length === 0 && !p.optional) return undefined;
      choices ??= values;
      params.push({ kind: 'choice', key, values, ...optional, ...label });
    } else {
      params.push({
        kind: 'text',
        key,
        multiline: p.multiline === true || p.lines === 'rest',
        ...(p.max !== undefined ? { max: p.max } : {}),
        ...optional,
        ...label,
      });
    }
  }
  const channel = a.def.channel?.(c);
  return {
    command: a.def.command,
    via: a.def.via,
    ...(channel !== undefined ? { channel } : {}),
    template: lineOf(a, locale, 'template'),
    ...(targets ? { targets } : {}),
    ...(choices ? { choices } : {}),
    ...(until !== undefined ? { until } : {}),
    id: a.def.id,
    keyword: keywordOf(a, locale),
    line: lineOf(a, locale, 'line'),
    params,
    irreversible: a.def.irreversible === true,
    confirm: a.def.confirm === true,
  };
}

/** True when every condition on argument `key` accepts `value` (written `raw`); one-argument actions add the rest. */
function accepts<V, M, R extends string>(a: Compiled<V, M, R>, c: Ctx<V>, key: string, value: string, raw: string): boolean {
  for (const check of a.argChecks.get(key)!) {
    if (check.kind === 'target' ? !check.test(c, value) : !check.test(c, value, raw)) return false;
  }
  if (a.keys.length === 1) for (const check of a.argsChecks) if (!check.test(c, { [key]: value })) return false;
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
