// The `mafia-de` rulebook (German forum Mafia, the "Durchführungsverordnung" of Mafia #136): data plus the hooks the
// engine calls. The general mechanisms (private ballots, protection memory, falsifiable checks, role block,
// linked deaths, night parity, team role choice, succession, wall-clock deadlines) live in src/engine/.
import type { PlayerId } from '../../core/types.ts';
import { syntaxOf } from '../../engine/game.ts';
import { matchStrict } from '../../engine/names.ts';
import { parseCommands, type SyntaxRule, stripMarkup } from '../../engine/parse.ts';
import { defineTimetable, windowUntil } from '../../engine/schedule.ts';
import { isAlive, othersIn, playersIn, postAuthor } from '../../engine/state.ts';
import { type DefinedVariant, defineVariant, type LegalAction, type Recognised } from '../../engine/variant.ts';
import { decorateRejection, onPm, recognisePm } from './actions.ts';
import { keywordOf, PM_KEYWORDS, SURRENDER_LINE } from './commands.ts';
import { type B, gameNo, isBoss, msg, opts, partyOf, pn, roleOf, type S, when } from './common.ts';
import type { DeEvents } from './events.ts';
import { FIRING } from './firing.ts';
import * as flow from './flow.ts';
import { expireSurrender, freeSpecials, resolveDay, resolveNight, scheduleProblem } from './flow.ts';
import { de, en } from './messages.ts';
import { MOD_ACTIONS, MOD_KIT, moderate } from './moderator.ts';
import { deOptions, options } from './options.ts';
import { onPost } from './posts.ts';
import { adQuota } from './press.ts';
import { defaultRoles, MAFIA, MAFIA_SPECIALS, ROLES, SIDES } from './roles.ts';
import { DE_SCHEDULE, type DeInstant } from './schedule.ts';
import { type DeState, evolveDe, initialDe } from './state.ts';
import { mafiaDeVoteSteps } from './vote-log.ts';

/** What a player may do now (forms, bots): mirrors the checks of actions.ts. */
function legalActions(s: S, me: PlayerId): LegalAction[] {
  if (s.status !== 'running' || !isAlive(s, me)) return [];
  const v = s.v;
  const all = playersIn(s).map((p) => p.id);
  const out: LegalAction[] = [];
  const role = roleOf(s, me);
  // The window of the open phase closes at its pending deadline (as moved, or shifted by a pause).
  const until = v.phase === 'day' || v.phase === 'night' ? windowUntil(DE_SCHEDULE, s, v.phase === 'day' ? 'vote' : 'orders') : undefined;
  if (v.phase === 'day') {
    out.push({ command: 'vote', via: 'pm', template: `${kw(s, 'vote')}: {name}`, targets: all, until });
    if (role === 'insider' && v.insiderDay !== v.n && !v.insiderDone)
      out.push({ command: 'suspect', via: 'pm', template: `${kw(s, 'suspect')}: {name}`, targets: s.order.filter((x) => x !== me), until });
  } else if (v.phase === 'night') {
    // DE-KILL-2/3: without a valid death message on the following lines nobody dies, so the form asks for one.
    if (isBoss(s, me)) out.push({ command: 'kill', via: 'pm', template: `${kw(s, 'kill')}: {name}\n{text}`, targets: othersIn(s, me), until });
    if (role === 'guardian-angel')
      out.push({ command: 'protect', via: 'pm', template: `${kw(s, 'protect')}: {name}`, targets: all.filter((x) => x !== v.lastProtected), until });
    if (role === 'detective' && v.n % 2 === 0)
      out.push({ command: 'query', via: 'pm', template: `${kw(s, 'query')}: {name}`, targets: othersIn(s, me), until });
    if (role === 'matchmaker' && v.n % 2 === 1)
      out.push({
        command: 'compare',
        via: 'pm',
        template: `${kw(s, 'compare')}: {name} ${s.config.locale === 'en' ? 'and' : 'und'} {name}`,
        targets: othersIn(s, me),
        until,
      });
    if (role === 'framer') out.push({ command: 'frame', via: 'pm', template: `${kw(s, 'frame')}: {name}`, targets: othersIn(s, me), until });
    if (role === 'voodoo-doll') out.push({ command: 'voodoo', via: 'pm', template: `${kw(s, 'voodoo')}: {name}`, targets: othersIn(s, me), until });
    if (role === 'robber') out.push({ command: 'rob', via: 'pm', template: `${kw(s, 'rob')}: {name}`, targets: othersIn(s, me), until });
    if (role === 'mafioso' && v.n === 1 && v.choices[me] === undefined) {
      const en = s.config.locale === 'en';
      const choices = [...freeSpecials(s).map((r) => ROLES.find((x) => x.id === r)?.names[en ? 'en' : 'de'] ?? r), en ? 'none' : 'keine'];
      out.push({ command: 'role', via: 'pm', template: `${kw(s, 'role')}: {choice}`, choices, until });
    }
  }
  // Any phase: the boss's successor (DE-BOSS-2), ads within the quota (DE-NEWS-1/4), the testament (DE-WILL).
  if (isBoss(s, me)) {
    const mates = all.filter((x) => x !== me && partyOf(s, x) === MAFIA);
    if (mates.length > 0) out.push({ command: 'successor', via: 'pm', template: `${kw(s, 'successor')}: {name}`, targets: mates });
  }
  if ((v.adCount[me] ?? 0) < adQuota(s, me)) out.push({ command: 'ad', via: 'pm', template: `${kw(s, 'ad')}: {pseudonym}\n{text}` });
  out.push({ command: 'will', via: 'pm', template: `${kw(s, 'will')}:\n{text}` });
  return out;
}

/**
 * DE-SCHED-7 holds through engine/time.ts (a missing local time moves forward, a doubled one means the first).
 * DE-SIGN-4: too few players at the signup deadline: extend, at most `maxSignupExtensions` times, then cancel. */
function tooFew(b: B, n: number, min: number): boolean {
  const s = b.state;
  const o = opts(s);
  if (s.v.extensions < o.maxSignupExtensions) {
    const deadline = s.v.signupDeadline + o.signupExtensionHours * 3_600_000;
    b.emit('signup.deadline', { deadline, extensions: s.v.extensions + 1 });
    b.upsertDeadlines({ id: 'start', kind: 'start', at: deadline });
    b.announce(msg('MSG-SIGNUP-EXTENDED', { n, min, deadline: when(s, deadline) }));
    return true;
  }
  b.emit('game.cancelled', { reason: 'players', players: n });
  b.announce(msg('MSG-CANCELLED', { game: gameNo(s) }));
  return true;
}

/**
 * The syntax table the engine reads before the game runs (signup posts, and PN commands answered with
 * R-NOT-RUNNING, DE-GEN-11); a running game reads PNs with commands.ts (the first line decides, DE-GEN-8), which
 * answers a PN without a command itself (DE-GEN-4), so PN keywords get no hint here.
 */
const SYNTAX: readonly SyntaxRule[] = [
  // DE-SIGN-1, DE-SIGN-3: «Anmeldung» / «Abmeldung» as the first word of a post.
  { command: 'join', keywords: ['Anmeldung'], form: 'lead', firstLine: true, where: 'post', taught: { de: 'Anmeldung', en: 'Sign up' } },
  { command: 'leave', keywords: ['Abmeldung'], form: 'lead', firstLine: true, where: 'post', taught: { de: 'Abmeldung', en: 'Withdraw' } },
  // The English keywords are everyday words ("Withdraw your vote, Anna!"), so they count only as the whole first line.
  { command: 'join', keywords: ['Sign up', 'Signup'], form: 'none', firstLine: true, where: 'post' },
  { command: 'leave', keywords: ['Withdraw'], form: 'none', firstLine: true, where: 'post' },
  ...Object.entries(PM_KEYWORDS)
    .filter(([command]) => command !== 'surrender')
    .map(([command, k]): SyntaxRule => ({ command, keywords: [k.de, k.en], form: 'colon', where: 'pm', hint: false, taught: k })),
];

/** How a PN command is written in this game's language (forms and bots), e.g. `Stimme: {name}` or `Vote: {name}`. */
function kw(s: S, command: string): string {
  return keywordOf(command, s.config.locale);
}

/**
 * mafia-de's schedule with its hooks (flow.ts). DE-GEN-2: the engine fires every deadline due at an input's stamp
 * before the input (a vote at 20:00:00 is late); DE-WIN-7: after the end it answers every command with R-GAME-OVER.
 */
const TIMETABLE = defineTimetable<DeState, DeEvents, DeInstant>({
  schedule: DE_SCHEDULE,
  hooks: {
    'day.end': resolveDay,
    'night.end': resolveNight,
    surrender: (b, d) => expireSurrender(b, d.id.slice('surrender:'.length)),
  },
  phaseOf: (s) => (s.v.phase === 'day' || s.v.phase === 'night' ? s.v.phase : undefined),
  options: deOptions,
});

/** The mafia-de variant. */
export const mafiaDe: DefinedVariant<DeState, typeof options, DeEvents> = defineVariant({
  id: 'mafia-de',
  // DE-VOTE-1/7: votes go to the game master by PN and are published only with the day's result.
  ballots: 'private',
  names: { de: 'Mafia (deutsche Forenregeln)', en: 'Mafia (German forum rules)' },
  defaultLocale: 'de',
  locales: ['de', 'en'],
  defaultTimeZone: 'Europe/Berlin',
  // Every calendar day is a game day (decision A2); pauses come from pauseDates / weekendPause (DE-SCHED-4).
  defaultCalendar: { workingWeekdays: [1, 2, 3, 4, 5, 6, 7], preset: 'none', extraPauseDays: [], extraWorkingDays: [] },
  minPlayers: 7,
  maxPlayers: 30,
  roles: ROLES,
  sides: SIDES,
  syntax: SYNTAX,
  recognise(s, cmd) {
    if (cmd.type === 'pm') {
      if (s.status === 'running') return recognisePm(s, cmd);
      return parseCommands(cmd.text, syntaxOf(mafiaDe))
        .filter((l) => l.where === 'pm')
        .map((l) => ({ command: l.command, target: l.arg }));
    }
    const lines: Recognised[] = parseCommands(cmd.text, syntaxOf(mafiaDe))
      .filter((l) => l.where === 'post')
      .map((l) => ({ command: l.command }));
    // DE-WIN-4: «Aufgabe» as the whole first line of a thread post opens a surrender window.
    const first = stripMarkup(cmd.text).trim().split('\n')[0]?.trim() ?? '';
    if (s.status === 'running' && SURRENDER_LINE.test(first)) lines.push({ command: 'surrender' });
    return lines;
  },
  firing: FIRING,
  messages: { de, en },
  optionsSchema: options,
  validateConfig(config) {
    // DE-GEN-1: the game number comes from the title ("Mafia #137") or is given; no game borrows another's.
    if (!config.gameNumber) return 'gameNumber is required: give it, or a title with the number such as "Mafia #137" (DE-GEN-1)';
    if (config.fixedRoles && config.roleList) return 'give either fixed roles or a role list, not both';
    // Neither a fixed deal nor a role list may deal a special: mafiosi choose them in Night 1.
    const dealt = [...Object.values(config.fixedRoles ?? {}), ...(config.roleList ?? [])];
    if (dealt.some((r) => MAFIA_SPECIALS.includes(r as never))) return 'mafia special roles are chosen in Night 1, not dealt (DE-MROLE-1)';
    const parsed = options.safeParse(config.options);
    if (!parsed.success) return `options: ${parsed.error.issues[0]?.message ?? 'invalid'}`;
    return scheduleProblem({ ...config, options: parsed.data });
  },
  initial: initialDe,
  evolve: (v, e) => evolveDe(v, e),
  deal: flow.deal,
  start: flow.start,
  timetable: TIMETABLE,
  post: onPost,
  edit(b, cmd) {
    if (cmd.actor.kind === 'player' && postAuthor(b.state, cmd.postId) === cmd.actor.id) {
      b.emit('post.edited', { postId: cmd.postId, author: cmd.actor.id, text: cmd.text });
    }
  },
  pm: onPm,
  mod: moderate,
  modActions: MOD_ACTIONS,
  modKit: MOD_KIT,
  legalActions,
  // The moderator's digest: warnings towards the disqualifying one (DE-MOD).
  standing: (s) =>
    playersIn(s).flatMap((p) => {
      const value = s.v.warnings[p.id] ?? 0;
      return value > 0 ? [{ player: p.id, counter: 'warnings' as const, value, limit: opts(s).maxWarnings }] : [];
    }),
  defaultRoles: (n) => defaultRoles(n),
  signup: {
    limits: (config) => ({ min: Number(config.options.minPlayers ?? 7), max: Number(config.options.maxPlayers ?? 30) }),
    refuse(s, name) {
      const probe = [{ id: 'x', name }];
      const o = opts(s);
      // DE-SIGN-2, DE-INACT-8: blacklist (matched as names are, DE-GEN-3), moderator accounts, a full game.
      if (s.v.blacklist.some((x) => matchStrict(x, probe).kind === 'one')) return { code: 'R-BLACKLIST' };
      if ([...s.v.moderators, ...o.moderatorAccounts].some((x) => matchStrict(x, probe).kind === 'one')) return { code: 'R-SIGNUP-MOD' };
      if (s.order.length >= o.maxPlayers) return { code: 'R-SIGNUP-FULL', params: { max: o.maxPlayers } };
      return undefined;
    },
    duplicate: 'R-SIGNUP-DUP',
    // Decision (interpretation 7): forum members who did not sign up may discuss in the thread; nothing answers them.
    ignoreGuestPosts: true,
    joined(b, id) {
      pn(b, [id], 'Anmeldung', msg('MSG-SIGNUP-OK', { game: gameNo(b.state), deadline: when(b.state, b.state.v.signupDeadline) }));
    },
    left(b, id) {
      pn(b, [id], 'Anmeldung', msg('MSG-SIGNOFF-OK', { game: gameNo(b.state) }));
    },
    tooFew,
  },
  rejection: decorateRejection,
  dayOf: (e) => (e.type === 'phase.opened' && e.data.phase === 'day' ? e.data.n : undefined),
  voteSteps: mafiaDeVoteSteps,
});
