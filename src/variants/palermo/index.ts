// The `palermo` rulebook (Greek forum Palermo): data plus the hooks the engine calls.
import { z } from 'zod';
import type { PlayerId } from '../../core/types.ts';
import { WEEKDAYS } from '../../engine/calendar.ts';
import { type GameState, isAlive, type Locale, playersIn } from '../../engine/state.ts';
import type { LegalAction, Variant } from '../../engine/variant.ts';
import { onEdit, onPm, onPost } from './actions.ts';
import { deal, killersIn, resolveClose, resolveKill, resolveRunoff, start } from './flow.ts';
import { el, en } from './messages.ts';
import { MOD_ACTIONS, moderate } from './moderator.ts';
import { defaultRoles, ROLES, SIDES, TEAM_NAMES } from './roles.ts';
import { evolvePal, initialPal, type PalState } from './state.ts';

const options = z
  .object({
    /** PAL-TIE-4: length of the runoff extension. */
    runoffExtensionMinutes: z.union([z.literal(30), z.literal(60)]).default(30),
    /** PAL-WIN-4: stop when the killers strictly outnumber the others. */
    autoStopWhenKillersOutnumber: z.boolean().default(true),
    /**
     * A simulation / house option, not in the rulebook: the killers also win at parity, as soon as they are at least
     * as many as the non-killers in the game (the "mafia win when m ≥ t" end condition of the literature's model).
     * Off by default; PAL-WIN-4 (strictly more) is the rule.
     */
    killersWinAtParity: z.boolean().default(false),
    /** PAL-DIST-3: killers each informant knows, fixed by the moderator (by name). */
    informantKnows: z.record(z.string(), z.array(z.string())).optional(),
  })
  .strict();

function roleName(locale: Locale, id: string): string {
  const r = ROLES.find((x) => x.id === id);
  return r?.names[locale] ?? r?.names.en ?? id;
}

const READABLE: Record<string, Locale> = { el: 'el', en: 'en', de: 'en', ru: 'en' };

/** Localises the parameters that carry ids (roles, teams, reasons, lists). */
function formatParam(locale: Locale, name: string, value: string | number): string | undefined {
  const loc = READABLE[locale] ?? 'en';
  const v = String(value);
  switch (name) {
    case 'roleName':
      return roleName(loc, v);
    case 'team':
      return TEAM_NAMES[v]?.[loc === 'el' ? 'el' : 'en'];
    case 'side':
      return SIDES.find((x) => x.id === v)?.names[loc] ?? v;
    case 'roleList':
      return v === ''
        ? '—'
        : v
            .split(',')
            .map((x) => `${roleName(loc, x.split(':')[0]!)} ×${x.split(':')[1]}`)
            .join(', ');
    case 'roles':
      return v
        .split(';')
        .map((x) => `${x.split('=')[0]} — ${roleName(loc, x.split('=')[1]!)}`)
        .join('; ');
    case 'reason':
    case 'what':
      return (loc === 'el' ? el : en)[v];
    case 'statusList':
      return v
        .split(',')
        .filter(Boolean)
        .map((x) => ` ${roleName(loc, x.split(':')[0]!)}: ${(loc === 'el' ? el : en)[x.endsWith(':in') ? 'STATUS-IN' : 'STATUS-OUT']}.`)
        .join('');
    default:
      return undefined;
  }
}

/** PAL-GEN-8: the command syntax (canonical keywords; case- and accent-insensitive). */
const SYNTAX = [
  { command: 'vote', keywords: ['Ψήφος', 'Vote'], form: 'colon' },
  { command: 'vote', keywords: ['Ψηφίζω'], form: 'space' },
  { command: 'ballot', keywords: ['Δημοσκόπηση', 'Runoff'], form: 'colon' },
  { command: 'kill', keywords: ['ΔΟΛΟΦΟΝΙΑ', 'Kill'], form: 'colon' },
  { command: 'protect', keywords: ['ΠΡΟΣΤΑΣΙΑ', 'Protect'], form: 'colon' },
  { command: 'out', keywords: ['ΚΑΡΦΩΜΑ', 'Out'], form: 'colon' },
  { command: 'withdraw', keywords: ['ΑΠΟΣΥΡΣΗ ΚΑΡΦΩΜΑΤΟΣ', 'Withdraw outing'], form: 'none' },
  { command: 'join', keywords: ['Συμμετοχή', 'Join'], form: 'word' },
  { command: 'leave', keywords: ['Αποχώρηση', 'Leave'], form: 'word' },
] as const;

function others(s: GameState<PalState>, me: PlayerId): PlayerId[] {
  return playersIn(s)
    .map((p) => p.id)
    .filter((id) => id !== me);
}

/** What a player may do now (forms, bots): mirrors the checks of actions.ts. */
function legalActions(s: GameState<PalState>, me: PlayerId): LegalAction[] {
  const v = s.v;
  if (s.status !== 'running') return [];
  const out: LegalAction[] = [];
  const role = s.players[me]?.role;
  if (!isAlive(s, me)) {
    const lw = v.lastWords[me];
    if (lw && lw.postId === undefined && s.clock < lw.until) out.push({ command: 'lastwords', via: 'post', template: '<τελευταία λόγια>', until: lw.until });
    return out;
  }
  if (v.phase === 'day') out.push({ command: 'vote', via: 'post', template: 'Ψήφος: {name}', targets: others(s, me), until: v.closeAt });
  if (v.phase === 'runoff' && v.runoff) {
    out.push({
      command: 'ballot',
      via: 'post',
      template: 'Δημοσκόπηση: {name}',
      targets: v.runoff.candidates.filter((c) => c !== me && isAlive(s, c)),
      until: v.runoff.endsAt,
    });
  }
  const dayOpen = v.phase === 'day' && v.round >= 2 && !v.killDone;
  if (role === 'killer') {
    if (dayOpen && v.killLostRound !== v.round)
      out.push({ command: 'kill', via: 'pm', template: 'ΔΟΛΟΦΟΝΙΑ: {name}', targets: playersIn(s).map((p) => p.id), until: v.killAt });
    const two = killersIn(s).length >= 2;
    if (two && v.outingOpen && (!v.outing || (v.outing.outer === me && !v.outing.frozen))) {
      out.push({
        command: 'out',
        via: 'pm',
        template: 'ΚΑΡΦΩΜΑ: {name}',
        targets: playersIn(s)
          .filter((p) => p.role !== 'killer')
          .map((p) => p.id),
      });
    }
    if (v.outing && v.outing.outer === me && !v.outing.frozen) out.push({ command: 'withdraw', via: 'pm', template: 'ΑΠΟΣΥΡΣΗ ΚΑΡΦΩΜΑΤΟΣ' });
  }
  if (role === 'nurse' && dayOpen) {
    out.push({ command: 'protect', via: 'pm', template: 'ΠΡΟΣΤΑΣΙΑ: {name}', targets: others(s, me).filter((id) => id !== v.lastProtection), until: v.killAt });
  }
  return out;
}

/** The palermo variant. */
export const palermo: Variant<PalState> = {
  id: 'palermo',
  names: { el: 'Παλέρμο', en: 'Palermo (Greek forum rules)' },
  defaultLocale: 'el',
  locales: ['el', 'en'],
  defaultTimeZone: 'Europe/Athens',
  defaultCalendar: { workingWeekdays: WEEKDAYS, preset: 'GR', extraPauseDays: [], extraWorkingDays: [] },
  minPlayers: 7,
  maxPlayers: 60,
  roles: ROLES,
  sides: SIDES,
  syntax: SYNTAX,
  messages: { el, en },
  optionsSchema: options as unknown as z.ZodType<Record<string, unknown>>,
  // PAL-GEN-6: which killers an informant knows is a secret of the informant (and the ΣΕ).
  secretOptions: ['informantKnows'],
  validateConfig(config) {
    if (config.fixedRoles && config.roleList) return 'give either fixed roles or a role list, not both';
    return null;
  },
  initial: initialPal,
  evolve: (v, e) => evolvePal(v, e),
  deal,
  start,
  onDeadline(b, d) {
    if (d.kind === 'kill') resolveKill(b);
    else if (d.kind === 'close') resolveClose(b);
    else if (d.kind === 'runoff') resolveRunoff(b);
  },
  post: onPost,
  edit: onEdit,
  pm: onPm,
  mod: moderate,
  modActions: MOD_ACTIONS,
  legalActions,
  formatParam,
  defaultRoles,
  schedule(locale) {
    const g = locale === 'el';
    return [
      { when: g ? 'έναρξη' : 'start', what: g ? 'μοίρασμα ρόλων με το seed, πμ ρόλων, ανακοίνωση έναρξης' : 'seeded deal, role PMs, start announcement' },
      { when: '13:00', what: g ? 'δολοφονία (από τον 2ο γύρο)· αποκάλυψη ομάδας σε μονούς γύρους' : 'murder (from round 2); team reveal in odd rounds' },
      {
        when: '20:00',
        what: g ? 'λήξη ψηφοφορίας, απουσίες, αποκάλυψη σε ζυγούς γύρους, κάρφωμα' : 'vote closes: tally, absences, reveal in even rounds, outing resolved',
      },
      { when: '20:00–21:00', what: g ? 'δημοσκόπηση σε ισοψηφία (+30/60 λεπτά, μετά κλήρωση)' : 'runoff on a tie (+30/60 min extension, then a lot)' },
      {
        when: g ? 'Σαββατοκύριακα, αργίες' : 'weekends, holidays',
        what: g ? 'παύση (προεπιλογή: ελληνικές αργίες)' : 'paused (default: Greek public holidays)',
      },
    ];
  },
};
