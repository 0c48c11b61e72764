import { syntaxOf } from '../../engine/game.ts';
import { recordCount } from '../../engine/live-count.ts';
import { matchStrict } from '../../engine/names.ts';
import { parseCommands, stripMarkup } from '../../engine/parse.ts';
import { defineTimetable } from '../../engine/schedule.ts';
import { playersIn, postAuthor } from '../../engine/state.ts';
import { type DefinedVariant, defineVariant, type Recognised } from '../../engine/variant.ts';
import { ACTIONS, decorateRejection, onPm, recognisePm, SYNTAX } from './actions.ts';
import { SURRENDER_LINE } from './commands.ts';
import { type B, dePhase, deRound, gameNo, msg, opts, pn, when } from './common.ts';
import { type DeEvents, opened } from './events.ts';
import { FIRING } from './firing.ts';
import * as flow from './flow.ts';
import { DE_FLOW, type DeScratch, expireSurrender, isPause, scheduleProblem } from './flow.ts';
import { de, en } from './messages.ts';
import { MOD_ACTIONS, MOD_KIT, moderate } from './moderator.ts';
import { deOptions, options } from './options.ts';
import { onPost } from './posts.ts';
import { defaultRoles, MAFIA_SPECIALS, ROLES, SIDES } from './roles.ts';
import { DE_SCHEDULE, type DeInstant } from './schedule.ts';
import { type DeState, evolveDe, initialDe } from './state.ts';
import { mafiaDeVoteSteps } from './vote-log.ts';

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
 * mafia-de's schedule with the steps of its resolutions in the spec's order (flow.ts). DE-GEN-2: the engine fires
 * every deadline due at an input's stamp before the input (a vote at 20:00:00 is late); DE-WIN-7: after the end it
 * answers every command with R-GAME-OVER.
 */
const TIMETABLE = defineTimetable<DeState, DeEvents, DeInstant, DeScratch>({
  schedule: DE_SCHEDULE,
  hooks: {
    // Spec §5.1 D2–D8: the 1:1 guard, the tally and lynch, voodoo, succession, testaments, warnings, newspaper, win.
    'day.end': ['one-one', 'tally', 'lynch', 'voodoo', 'succession', 'wills', 'vote-warnings', 'newspaper', 'win'],
    // Spec §5.2 N1–N14: orders, robbery, link, framing, protection; murder; voodoo; the query; role draws; …
    'night.end': ['protection', 'murder', 'voodoo', 'query', 'role-draw', 'succession', 'post-warnings', 'results', 'wills', 'newspaper', 'win'],
    surrender: (b, d) => expireSurrender(b, d.id.slice('surrender:'.length)),
  },
  flow: DE_FLOW,
  // Logs written before the engine kept the phase open their days and nights with the rulebook's own event.
  logged: { 'phase.opened': (d: DeEvents['phase.opened']) => ({ open: d.phase, round: d.n }) },
  options: deOptions,
  isPause,
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
  actions: ACTIONS,
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
  // The deal may be a moderator's role list (checked when the game is created).
  dealFromList: true,
  // DE-GEN-1: every game carries its number.
  numbered: true,
  validateConfig(config) {
    // DE-GEN-1: the game number comes from the title ("Mafia #137") or is given; no game borrows another's.
    if (!config.gameNumber)
      return {
        field: 'gameNumber',
        reason: 'number',
        params: {},
        message: 'gameNumber is required: give it, or a title with the number such as "Mafia #137" (DE-GEN-1)',
      };
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
    // DE-GEN-11: step 2 (a participant) comes before step 4 (a command), so an outsider's free text is refused too.
    refuseGuestPms: true,
    joined(b, id) {
      pn(b, [id], 'Anmeldung', msg('MSG-SIGNUP-OK', { game: gameNo(b.state), deadline: when(b.state, b.state.v.signupDeadline) }));
    },
    left(b, id) {
      pn(b, [id], 'Anmeldung', msg('MSG-SIGNOFF-OK', { game: gameNo(b.state) }));
    },
    tooFew,
  },
  rejection: decorateRejection,
  dayOf: (e) => {
    const open = opened(e);
    return open?.phase === 'day' ? open.n : undefined;
  },
  // The moderator's live count of the private ballots (DE-VOTE-7), numbered as the thread numbers the day (Tag N):
  // the day's ballots stand through its night, which carries the same number.
  voteCount: (s) => recordCount(s, s.v.votes, deRound(s), dePhase(s) ?? 'day'),
  voteSteps: mafiaDeVoteSteps,
});
