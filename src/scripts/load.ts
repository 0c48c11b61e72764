// Loads a game script: YAML with line numbers, a zod schema, and conversion of local times to instants.
// Every problem becomes a ScriptError naming the file, the line and what is wrong.
import { randomBytes } from 'node:crypto';
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { gameNumberIn } from '../app/config.ts';
import { presetProblem, resolveCalendar } from '../app/holidays.ts';
import type { GameConfig, Locale } from '../engine/state.ts';
import { isIsoDate, isTimeZone, localDate, parseTimestamp } from '../engine/time.ts';
import type { Variant } from '../engine/variant.ts';
import { getVariant } from '../variants/registry.ts';

/** A malformed script: where and what. */
export class ScriptError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly problem: string,
  ) {
    super(`${file}${line !== null ? `:${line}` : ''}: ${problem}`);
  }
}

const time = z.string().min(1);
const names = z.array(z.string());
const playerExpect = z
  .object({ status: z.string(), state: z.string(), removedHow: z.string().nullable(), role: z.string(), team: z.string() })
  .partial()
  .strict();
const common = {
  public: names.optional(),
  notPublic: names.optional(),
  private: z.record(z.string(), names).optional(),
  /** Substrings of messages to the moderators (flags, notices), in order. */
  moderator: names.optional(),
  players: z.record(z.string(), playerExpect).optional(),
};
const stepExpect = z
  .object({
    ...common,
    rejected: z.union([z.string(), names]).optional(),
    accepted: z.literal(true).optional(),
    silent: z.literal(true).optional(),
    nothingFor: names.optional(),
    unchanged: z.literal(true).optional(),
    /** The command path refused the step with this code before the engine's events were committed (`game.name_confusable`). */
    error: z.string().optional(),
    /** The commands read in the step's post or PM (in order; [] when none), as the API's reply names them. */
    commands: z.array(z.object({ command: z.string(), target: z.string().optional() }).strict()).optional(),
  })
  .strict();
const finalExpect = z
  .object({
    ...common,
    winner: z.string().nullable().optional(),
    status: z.enum(['signup', 'dealt', 'running', 'ended', 'cancelled']).optional(),
    draws: z.number().int().nonnegative().optional(),
    rejections: z.number().int().nonnegative().optional(),
  })
  .strict();

const step = z
  .object({
    at: time,
    by: z.string().optional(),
    post: z.string().optional(),
    /** The channel a post or posts are written in (engine/channels.ts), when the game has several. */
    channel: z.string().optional(),
    id: z.string().optional(),
    pm: z.string().optional(),
    subject: z.string().optional(),
    pms: z.record(z.string(), z.string()).optional(),
    posts: z.record(z.string(), z.string()).optional(),
    edit: z.string().optional(),
    text: z.string().optional(),
    mod: z.string().optional(),
    args: z.record(z.string(), z.unknown()).optional(),
    advance: z.literal(true).optional(),
    /** Send the step only if the game is at this version in its author's numbering (the API's `ifVersion`). */
    ifVersion: z.number().int().nonnegative().optional(),
    expect: stepExpect.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    const kinds = (['post', 'pm', 'pms', 'posts', 'edit', 'mod', 'advance'] as const).filter((k) => s[k] !== undefined);
    if (kinds.length !== 1)
      ctx.addIssue({ code: 'custom', message: `a step needs exactly one of post, pm, pms, posts, edit, mod, advance (found ${kinds.join(', ') || 'none'})` });
    if ((s.pms !== undefined || s.posts !== undefined) && s.by !== undefined)
      ctx.addIssue({ code: 'custom', message: 'pms and posts name their authors as keys, not with "by"' });
    if (s.subject !== undefined && s.pm === undefined) ctx.addIssue({ code: 'custom', message: '"subject" belongs to a pm' });
    if ((s.post !== undefined || s.pm !== undefined || s.edit !== undefined) && !s.by)
      ctx.addIssue({ code: 'custom', message: 'a post, pm or edit needs "by"' });
    if (s.edit !== undefined && s.text === undefined) ctx.addIssue({ code: 'custom', message: 'an edit needs "text"' });
    if (s.ifVersion !== undefined && (s.pms !== undefined || s.posts !== undefined))
      ctx.addIssue({ code: 'custom', message: 'ifVersion belongs to a step of one input (each input of pms or posts moves the version)' });
    if (s.channel !== undefined && s.post === undefined && s.posts === undefined)
      ctx.addIssue({ code: 'custom', message: '"channel" belongs to a post or posts' });
  });

const scriptSchema = z
  .object({
    variant: z.string(),
    title: z.string().optional(),
    options: z
      .object({
        timeZone: z.string().optional(),
        locale: z.enum(['el', 'en', 'de', 'ru']).optional(),
        calendar: z
          .object({
            preset: z.string().optional(),
            workingWeekdays: z.array(z.number().int().min(1).max(7)).optional(),
            extraPauseDays: names.optional(),
            extraWorkingDays: names.optional(),
          })
          .strict()
          .optional(),
        createdAt: time.optional(),
        signupDeadline: time.optional(),
        startAt: time,
        firstRoundDate: z.string().optional(),
        seed: z.string().min(1).optional(),
        gameNumber: z.union([z.string(), z.number()]).optional(),
        roles: z.record(z.string(), z.string()).optional(),
        roleList: names.optional(),
        variant: z.record(z.string(), z.unknown()).optional(),
      })
      .strict(),
    players: names.default([]),
    timeline: z.array(step).default([]),
    expect: finalExpect.optional(),
  })
  .strict();

/** A step's expectations. */
export type StepExpect = z.infer<typeof stepExpect>;
/** Final expectations. */
export type FinalExpect = z.infer<typeof finalExpect>;

/** One timeline step, with its instant resolved and the line it came from. */
export interface Step {
  readonly at: number;
  readonly atText: string;
  readonly line: number | null;
  readonly by?: string;
  readonly input:
    | { readonly kind: 'post'; readonly text: string; readonly id?: string; readonly channel?: string }
    | { readonly kind: 'pm'; readonly text: string; readonly subject?: string }
    /** Several private messages (or posts) stamped with the same instant, sent in the listed order. */
    | { readonly kind: 'batch'; readonly via: 'pm' | 'post'; readonly items: readonly (readonly [string, string])[]; readonly channel?: string }
    | { readonly kind: 'edit'; readonly postId: string; readonly text: string }
    | { readonly kind: 'mod'; readonly action: string; readonly args: Record<string, unknown> }
    | { readonly kind: 'advance' };
  /** The version the step expects the game at, in its author's numbering. */
  readonly ifVersion?: number;
  readonly expect?: StepExpect;
}

/** A loaded, validated script ready to run. */
export interface Script {
  readonly file: string;
  readonly title?: string;
  readonly variant: Variant<unknown>;
  readonly config: GameConfig;
  readonly seed: string;
  readonly players: readonly string[];
  readonly steps: readonly Step[];
  readonly expect?: FinalExpect;
}

/** Parses and validates a script's text. Throws ScriptError. */
export function loadScript(text: string, file = '<script>'): Script {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    throw new ScriptError(file, e.linePos?.[0]?.line ?? counter.linePos(e.pos[0]).line, e.message.split('\n')[0]!);
  }
  const lineOf = (path: readonly PropertyKey[]): number | null => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n) as (string | number)[], true) as { range?: [number, number, number] } | undefined;
      if (node && typeof node === 'object' && node.range) return counter.linePos(node.range[0]).line;
    }
    return null;
  };
  const parsed = scriptSchema.safeParse(doc.toJS());
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : '';
    throw new ScriptError(file, lineOf(issue.path), `${issue.message}${where}`);
  }
  const raw = parsed.data;
  const variant = getVariant(raw.variant);
  if (!variant) throw new ScriptError(file, lineOf(['variant']), `unknown variant "${raw.variant}"`);
  const o = raw.options;
  const timeZone = o.timeZone ?? variant.defaultTimeZone;
  if (!isTimeZone(timeZone)) throw new ScriptError(file, lineOf(['options', 'timeZone']), `unknown time zone "${timeZone}"`);
  const instant = (value: string, path: (string | number)[]): number => {
    const t = parseTimestamp(value, timeZone);
    if (t === null) throw new ScriptError(file, lineOf(path), `not a time: "${value}" (write YYYY-MM-DDTHH:MM)`);
    return t;
  };
  const dates = (list: string[] | undefined, path: string[]) => {
    for (const [i, d] of (list ?? []).entries()) if (!isIsoDate(d)) throw new ScriptError(file, lineOf([...path, i]), `not a date: "${d}"`);
    return list ?? [];
  };
  const startAt = instant(o.startAt, ['options', 'startAt']);
  const signupDeadline = o.signupDeadline !== undefined ? instant(o.signupDeadline, ['options', 'signupDeadline']) : undefined;
  if (signupDeadline !== undefined && signupDeadline > startAt)
    throw new ScriptError(file, lineOf(['options', 'signupDeadline']), 'signup must close before the start');
  const createdAt = o.createdAt !== undefined ? instant(o.createdAt, ['options', 'createdAt']) : (signupDeadline ?? startAt) - 86_400_000;
  if (createdAt > (signupDeadline ?? startAt)) throw new ScriptError(file, lineOf(['options', 'createdAt']), 'the game must be created before signup closes');
  const cal = o.calendar ?? {};
  const preset = cal.preset ?? variant.defaultCalendar.preset;
  const badPreset = presetProblem(preset);
  if (badPreset) throw new ScriptError(file, lineOf(['options', 'calendar', 'preset']), badPreset);
  const calendar = resolveCalendar(
    {
      preset,
      workingWeekdays: cal.workingWeekdays ?? variant.defaultCalendar.workingWeekdays,
      extraPauseDays: dates(cal.extraPauseDays, ['options', 'calendar', 'extraPauseDays']),
      extraWorkingDays: dates(cal.extraWorkingDays, ['options', 'calendar', 'extraWorkingDays']),
    },
    localDate(createdAt, timeZone),
  );
  if (calendar.workingWeekdays.length === 0 && calendar.extraWorkingDays.length === 0) {
    throw new ScriptError(file, lineOf(['options', 'calendar']), 'the calendar has no play day');
  }
  if (o.firstRoundDate !== undefined && !isIsoDate(o.firstRoundDate))
    throw new ScriptError(file, lineOf(['options', 'firstRoundDate']), `not a date: "${o.firstRoundDate}"`);
  const options = variant.optionsSchema.safeParse(o.variant ?? {});
  if (!options.success) {
    const issue = options.error.issues[0]!;
    throw new ScriptError(file, lineOf(['options', 'variant', ...issue.path]), `variant option: ${issue.message}`);
  }
  const roleIds = new Set(variant.roles.map((r) => r.id));
  for (const [who, role] of Object.entries(o.roles ?? {})) {
    if (!roleIds.has(role)) throw new ScriptError(file, lineOf(['options', 'roles', who]), `unknown role "${role}" (roles: ${[...roleIds].join(', ')})`);
  }
  for (const [i, role] of (o.roleList ?? []).entries()) {
    if (!roleIds.has(role)) throw new ScriptError(file, lineOf(['options', 'roleList', i]), `unknown role "${role}"`);
  }
  const gameNumber = o.gameNumber !== undefined ? String(o.gameNumber) : gameNumberIn(raw.title);
  const config: GameConfig = {
    variant: variant.id,
    locale: (o.locale ?? variant.defaultLocale) as Locale,
    timeZone,
    calendar,
    createdAt,
    startAt,
    ...(signupDeadline !== undefined ? { signupDeadline } : {}),
    ...(o.firstRoundDate !== undefined ? { firstRoundDate: o.firstRoundDate } : {}),
    ...(gameNumber !== undefined ? { gameNumber } : {}),
    ...(o.roles ? { fixedRoles: o.roles } : {}),
    ...(o.roleList ? { roleList: o.roleList } : {}),
    options: options.data,
  };
  const bad = variant.validateConfig(config);
  if (bad) throw new ScriptError(file, lineOf(['options']), bad);
  const seen = new Set<string>();
  for (const [i, p] of raw.players.entries()) {
    const k = p.trim().toLowerCase();
    if (k === '' || seen.has(k)) throw new ScriptError(file, lineOf(['players', i]), `player name "${p}" is empty or appears twice`);
    seen.add(k);
  }
  const steps: Step[] = raw.timeline.map((s, i) => {
    const path = ['timeline', i];
    const at = instant(s.at, [...path, 'at']);
    const input: Step['input'] =
      s.post !== undefined
        ? { kind: 'post', text: s.post, ...(s.id !== undefined ? { id: s.id } : {}), ...(s.channel !== undefined ? { channel: s.channel } : {}) }
        : s.pm !== undefined
          ? { kind: 'pm', text: s.pm, ...(s.subject !== undefined ? { subject: s.subject } : {}) }
          : s.pms !== undefined || s.posts !== undefined
            ? {
                kind: 'batch',
                via: s.pms !== undefined ? 'pm' : 'post',
                items: Object.entries(s.pms ?? s.posts ?? {}),
                ...(s.channel !== undefined ? { channel: s.channel } : {}),
              }
            : s.edit !== undefined
              ? { kind: 'edit', postId: s.edit, text: s.text ?? '' }
              : s.mod !== undefined
                ? { kind: 'mod', action: s.mod, args: s.args ?? {} }
                : { kind: 'advance' };
    return {
      at,
      atText: s.at,
      line: lineOf(path),
      ...(s.by !== undefined ? { by: s.by } : {}),
      input,
      ...(s.ifVersion !== undefined ? { ifVersion: s.ifVersion } : {}),
      ...(s.expect ? { expect: s.expect } : {}),
    };
  });
  return {
    file,
    ...(raw.title !== undefined ? { title: raw.title } : {}),
    variant,
    config,
    seed: o.seed ?? randomBytes(32).toString('hex'),
    players: raw.players,
    steps,
    ...(raw.expect ? { expect: raw.expect } : {}),
  };
}
