// A declared schedule in words and as plain data: the timeline `narrator rules` prints and the shape the API serves
// (with a game's pending instants) so a client can draw the day.
import type { Millis } from '../core/types.ts';
import {
  type Edge,
  type InstantDef,
  instantOfDeadline,
  kindOf,
  type PhaseDef,
  type Rounds,
  type ScheduleDef,
  type Span,
  spanMs,
  type TimeOfDay,
  timeOf,
  type WindowDef,
  type Words,
} from './schedule.ts';
import type { GameState, Locale } from './state.ts';

/** One line of a readable timeline. */
export interface TimelineLine {
  readonly when: string;
  readonly what: string;
}

/** The declared shape of one instant, its times read with a game's (or the default) options. */
export interface InstantShape {
  readonly id: string;
  readonly phase?: string;
  /** The deadline kind it is scheduled under. */
  readonly kind: string;
  /** 'HH:MM' (+n days), 'first HH:MM ≥ h after opening', or '<instant> + minutes'. */
  readonly when: string;
  /** The same as data, for a client that says it in the reader's language (minutes; times as 'HH:MM'). */
  readonly at: WhenShape;
  readonly rounds: string;
  readonly onDemand: boolean;
  readonly what: string;
}

/** When an instant falls, as data: a local time (days after its phase's date), or relative to another instant. */
export type WhenShape =
  | { readonly local: string; readonly dayOffset: number }
  | { readonly first: string; readonly atLeastMinutes: number }
  | { readonly after: string; readonly minutes: number }
  | { readonly before: string; readonly minutes: number };

/** The declared shape of one window. */
export interface WindowShape {
  readonly id: string;
  readonly phase: string;
  readonly opens: string;
  readonly closes: string;
  readonly rounds: string;
  readonly mode: 'open' | 'locked' | 'dead';
  readonly what: string;
}

/** A schedule as plain data (fresh arrays: it is built per request and serialised as is). */
export interface ScheduleShape {
  readonly phases: { readonly id: string; readonly what: string }[];
  readonly instants: InstantShape[];
  readonly windows: WindowShape[];
  readonly pauses?: string;
}

type Options = Readonly<Record<string, unknown>>;

function say(w: Words, locale: Locale): string {
  return w[locale] ?? w.en;
}

function time(t: TimeOfDay, o: Options): string {
  return typeof t === 'string' ? t : `${timeOf(t, o)} (${t.option})`;
}

function span(s: Span, o: Options): string {
  const minutes = spanMs(s, o) / 60_000;
  const text = minutes % 60 === 0 && minutes >= 60 ? `${minutes / 60} h` : minutes >= 1 ? `${minutes} min` : `${minutes * 60} s`;
  return 'option' in s ? `${text} (${s.option})` : text;
}

function rounds(r: Rounds | undefined): string {
  if (r === undefined || r === 'every') return 'every round';
  if ('from' in r) return `from round ${r.from}`;
  return `round${r.only.length > 1 ? 's' : ''} ${r.only.join(', ')} only`;
}

function when(i: InstantDef, o: Options): string {
  const w = i.when;
  if ('local' in w) return `${time(w.local, o)}${w.dayOffset ? ` (+${w.dayOffset} d)` : ''}`;
  if ('first' in w) return `first ${time(w.first, o)} ≥ ${span(w.atLeast, o)} after opening`;
  if ('after' in w) return `${w.after} + ${span(w.delay, o)}`;
  return `${w.before} − ${span(w.lead, o)}`;
}

function whenShape(i: InstantDef, o: Options): WhenShape {
  const w = i.when;
  if ('local' in w) return { local: timeOf(w.local, o), dayOffset: w.dayOffset ?? 0 };
  if ('first' in w) return { first: timeOf(w.first, o), atLeastMinutes: spanMs(w.atLeast, o) / 60_000 };
  if ('after' in w) return { after: w.after, minutes: spanMs(w.delay, o) / 60_000 };
  return { before: w.before, minutes: spanMs(w.lead, o) / 60_000 };
}

function edge(e: Edge, o: Options): string {
  if (e === 'open') return 'opening';
  if ('instant' in e) return e.instant;
  if ('action' in e) return `on ${e.action}`;
  return `${time(e.local, o)}${e.dayOffset ? ` (+${e.dayOffset} d)` : ''}`;
}

/** The schedule as plain data, its option-valued times read from `options`. */
export function scheduleShape(def: ScheduleDef, locale: Locale, options: Options): ScheduleShape {
  const instant = (i: InstantDef, phase?: string): InstantShape => ({
    id: i.id,
    ...(phase !== undefined ? { phase } : {}),
    kind: kindOf(i),
    when: when(i, options),
    at: whenShape(i, options),
    rounds: rounds(i.rounds),
    onDemand: i.onDemand === true,
    what: say(i.what, locale),
  });
  const window = (w: WindowDef, phase: string): WindowShape => ({
    id: w.id,
    phase,
    opens: edge(w.opens, options),
    closes: edge(w.closes, options),
    rounds: w.onDemand ? `${rounds(w.rounds)}, when held` : rounds(w.rounds),
    mode: w.mode ?? 'open',
    what: say(w.what, locale),
  });
  return {
    phases: def.phases.map((p) => ({ id: p.id, what: say(p.what, locale) })),
    instants: [...def.phases.flatMap((p) => p.instants.map((i) => instant(i, p.id))), ...(def.timers ?? []).map((i) => instant(i))],
    windows: [
      ...def.phases.flatMap((p) => (p.windows ?? []).map((w) => window(w, p.id))),
      ...(def.windows ?? []).map((w) => window(w, 'timers')),
      ...(def.daily ?? []).map((w) => window(w, 'daily')),
    ],
    ...(def.pauses ? { pauses: say(def.pauses, locale) } : {}),
  };
}

/** A readable timeline of the declared day: per phase its instants, then its windows; then timers and pauses. */
export function timeline(def: ScheduleDef, locale: Locale, options: Options): TimelineLine[] {
  const shape = scheduleShape(def, locale, options);
  const out: TimelineLine[] = [];
  for (const p of shape.phases) {
    out.push({ when: `[${p.id}]`, what: p.what });
    for (const i of shape.instants.filter((x) => x.phase === p.id)) {
      const extra = [i.rounds === 'every round' ? '' : i.rounds, i.onDemand ? 'when called for' : ''].filter(Boolean).join(', ');
      out.push({ when: i.when, what: `${i.id}: ${i.what}${extra ? ` (${extra})` : ''}` });
    }
    for (const w of shape.windows.filter((x) => x.phase === p.id)) {
      const extra = [w.rounds === 'every round' ? '' : w.rounds, w.mode === 'open' ? '' : w.mode].filter(Boolean).join(', ');
      out.push({ when: `${w.opens} → ${w.closes}`, what: `window ${w.id}: ${w.what}${extra ? ` (${extra})` : ''}` });
    }
    out.push(...flowLines(def.phases.find((x) => x.id === p.id)!));
  }
  for (const i of shape.instants.filter((x) => x.phase === undefined)) out.push({ when: i.when, what: `${i.id}: ${i.what}` });
  for (const w of shape.windows.filter((x) => x.phase === 'timers' || x.phase === 'daily')) {
    out.push({
      when: `${w.opens} → ${w.closes}`,
      what: `window ${w.id}: ${w.what} (${w.phase === 'daily' ? 'every calendar day' : w.rounds}${w.mode === 'open' ? '' : `, ${w.mode}`})`,
    });
  }
  if (shape.pauses) out.push({ when: 'pauses', what: shape.pauses });
  return out;
}

/** A phase's declared flow in words (engine/phases.ts): its entering steps and where it goes after its instants. */
function flowLines(p: PhaseDef): TimelineLine[] {
  const out: TimelineLine[] = [];
  if (p.enter?.length) out.push({ when: 'on opening', what: `steps ${p.enter.join(', ')}` });
  for (const t of p.next ?? []) {
    const to = t.to.map((x) => {
      const where =
        'stay' in x
          ? `stays ${p.id}`
          : 'exit' in x
            ? `${p.id} ends`
            : `${x.phase}${x.round === 'next' ? ' of the next round' : ''}${x.date ? ` on ${x.date}` : ''}`;
      return x.when ? `${where} if ${x.when}` : where;
    });
    out.push({ when: `after ${t.at}`, what: `→ ${to.join('; else ')}` });
  }
  return out;
}

/** A pending instant of a game: its deadline with the declared instant it belongs to. */
export interface PendingInstant {
  readonly id: string;
  readonly kind: string;
  /** The declared instant (undefined for the engine's own: signup close, start). */
  readonly instant?: string;
  readonly at: Millis;
  readonly round?: number;
  /** Declared secret: only the moderator sees it. */
  readonly secret: boolean;
}

/** A game's pending deadlines, each named by its declared instant. */
export function pendingInstants(def: ScheduleDef, s: GameState<unknown>, phase: string | undefined): PendingInstant[] {
  return s.deadlines.map((d) => {
    const named = instantOfDeadline(def, phase, d);
    return {
      id: d.id,
      kind: d.kind,
      ...(named ? { instant: named.id } : {}),
      at: d.at,
      ...(d.round !== undefined ? { round: d.round } : {}),
      secret: named?.secret === true,
    };
  });
}
