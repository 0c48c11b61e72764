// The `palermo-intrigue` rulebook: palermo with player states, Intrigue Cards, night roles, the Rival Mafioso and
// the 20:10 count. It reuses palermo's calendar, round-one check, texts and helpers, and replaces the day.
import type { PlayerId } from '../../core/types.ts';
import { WEEKDAYS } from '../../engine/calendar.ts';
import { fold } from '../../engine/names.ts';
import { commandExample, type SyntaxRule } from '../../engine/parse.ts';
import type { GameState, Locale } from '../../engine/state.ts';
import { type DefinedVariant, defineVariant, type LegalAction } from '../../engine/variant.ts';
import { roundOneProblem } from '../palermo/flow.ts';
import { palermo } from '../palermo/index.ts';
import { onEdit, onPm, onPost } from './actions.ts';
import { CARDS, cardDef } from './cards.ts';
import { CONDITION_NAMES } from './conditions.ts';
import type { IntEvents } from './events.ts';
import { FIRING } from './firing.ts';
import {
  deal,
  resolveClose,
  resolveDawn,
  resolveDetentionEnd,
  resolveEchoStart,
  resolveExt,
  resolveKill,
  resolveLock,
  resolveMidnight,
  resolveRunoff,
  start,
} from './flow.ts';
import { legalActions, SYNTAX_REF } from './legal.ts';
import { el, en } from './messages.ts';
import { MOD_ACTIONS, moderate } from './moderator.ts';
import { intOptions, options } from './options.ts';
import { checkRoleList, defaultRoles, ROLES, SIDES, TEAM_NAMES } from './roles.ts';
import { cond } from './rules.ts';
import { evolveInt, type IntState, initialInt } from './state.ts';

const READABLE: Record<string, 'el' | 'en'> = { el: 'el', en: 'en', de: 'en', ru: 'en' };

function roleName(loc: 'el' | 'en', id: string): string {
  const r = ROLES.find((x) => x.id === id);
  return r?.names[loc] ?? r?.names.en ?? id;
}

/** Localises parameters that carry ids (roles, cards, teams, states, reasons). */
function formatParam(locale: Locale, name: string, value: string | number): string | undefined {
  const loc = READABLE[locale] ?? 'en';
  const v = String(value);
  const table = loc === 'el' ? el : en;
  switch (name) {
    case 'roleName':
      return roleName(loc, v);
    case 'team':
      return TEAM_NAMES[v]?.[loc];
    case 'card':
      return cardDef(v)?.names[loc] ?? v;
    case 'cardText':
      return cardDef(v)?.summary[loc] ?? v;
    case 'state':
      return CONDITION_NAMES[v as keyof typeof CONDITION_NAMES]?.[loc] ?? v;
    case 'answer':
    case 'reason':
    case 'used':
      return table[v] ?? v;
    case 'side':
      return SIDES.find((x) => x.id === v)?.names[loc] ?? v;
    case 'period': {
      const [kind, arg = ''] = v.split(':');
      return (kind === 'until' ? table['PERIOD-UNTIL']! : table['PERIOD-PRESENT']!).replace('{date}', arg).replace('{n}', arg);
    }
    case 'roleList':
    case 'cardList':
      return v === ''
        ? '—'
        : v
            .split(',')
            .map((x) => {
              const [id = '', n = ''] = x.split(':');
              return `${name === 'cardList' ? (cardDef(id)?.names[loc] ?? id) : roleName(loc, id)} ×${n}`;
            })
            .join(', ');
    case 'roles':
      return v
        .split(';')
        .map((x) => `${x.split('=')[0]} — ${roleName(loc, x.split('=')[1]!)}`)
        .join('; ');
    default:
      return palermo.formatParam?.(locale, name, value);
  }
}

/** INT-CARD-2, INT-ROLE-*, INT-OUT-3, INT-MOD-2: the command syntax (palermo's plus the new commands). */
const SYNTAX: readonly SyntaxRule[] = [
  { command: 'vote', keywords: ['Ψήφος', 'Vote'], form: 'colon', where: 'post', taught: { el: 'Ψήφος', en: 'Vote' } },
  { command: 'vote', keywords: ['Ψηφίζω'], form: 'space', where: 'post' },
  { command: 'ballot', keywords: ['Δημοσκόπηση', 'Runoff'], form: 'colon', where: 'post', taught: { el: 'Δημοσκόπηση', en: 'Runoff' } },
  { command: 'kill', keywords: ['ΔΟΛΟΦΟΝΙΑ', 'Kill'], form: 'colon', where: 'pm', taught: { el: 'ΔΟΛΟΦΟΝΙΑ', en: 'Kill' } },
  { command: 'check', keywords: ['ΕΛΕΓΧΟΣ', 'Check'], form: 'colon', where: 'pm', taught: { el: 'ΕΛΕΓΧΟΣ', en: 'Check' } },
  { command: 'medium', keywords: ['ΜΕΝΤΙΟΥΜ', 'Medium'], form: 'colon', where: 'pm', taught: { el: 'ΜΕΝΤΙΟΥΜ', en: 'Medium' } },
  { command: 'protect', keywords: ['ΠΡΟΣΤΑΣΙΑ', 'Protect'], form: 'colon', where: 'pm', taught: { el: 'ΠΡΟΣΤΑΣΙΑ', en: 'Protect' } },
  { command: 'block', keywords: ['ΠΟΡΝΗ', 'Block'], form: 'colon', where: 'pm', taught: { el: 'ΠΟΡΝΗ', en: 'Block' } },
  { command: 'client', keywords: ['ΠΕΛΑΤΗΣ', 'Client'], form: 'colon', where: 'pm', taught: { el: 'ΠΕΛΑΤΗΣ', en: 'Client' } },
  { command: 'transfer', keywords: ['ΜΕΤΑΦΟΡΑ', 'Transfer'], form: 'colon', where: 'pm', taught: { el: 'ΜΕΤΑΦΟΡΑ', en: 'Transfer' } },
  { command: 'out', keywords: ['ΚΑΡΦΩΜΑ', 'Out'], form: 'colon', where: 'pm', taught: { el: 'ΚΑΡΦΩΜΑ', en: 'Out' } },
  { command: 'massacre', keywords: ['ΜΑΚΕΛΕΙΟ', 'Massacre'], form: 'colon', where: 'pm', taught: { el: 'ΜΑΚΕΛΕΙΟ', en: 'Massacre' } },
  { command: 'vendetta', keywords: ['ΒΕΝΤΕΤΑ', 'Vendetta'], form: 'colon', where: 'pm', taught: { el: 'ΒΕΝΤΕΤΑ', en: 'Vendetta' } },
  {
    command: 'withdraw',
    keywords: ['ΑΠΟΣΥΡΣΗ ΚΑΡΦΩΜΑΤΟΣ', 'Withdraw outing'],
    form: 'none',
    where: 'pm',
    taught: { el: 'ΑΠΟΣΥΡΣΗ ΚΑΡΦΩΜΑΤΟΣ', en: 'Withdraw outing' },
  },
  { command: 'card', keywords: ['ΚΑΡΤΑ', 'Card'], form: 'colon', where: 'pm', taught: { el: 'ΚΑΡΤΑ', en: 'Card' } },
  { command: 'quit', keywords: ['ΑΠΟΧΩΡΩ', 'I quit'], form: 'none', where: 'pm', taught: { el: 'ΑΠΟΧΩΡΩ', en: 'I quit' } },
  { command: 'join', keywords: ['Συμμετοχή', 'Join'], form: 'none', where: 'post', taught: { el: 'Συμμετοχή', en: 'Join' } },
  { command: 'leave', keywords: ['Αποχώρηση', 'Leave'], form: 'none', where: 'post', taught: { el: 'Αποχώρηση', en: 'Leave' } },
];

SYNTAX_REF.rules = SYNTAX;

/** How a command is written in a game of this locale. */
export function template(s: GameState<IntState>, command: string, arg = '{name}'): string {
  return commandExample(SYNTAX, command, s.config.locale, arg);
}

/** The palermo-intrigue variant. */
export const palermoIntrigue: DefinedVariant<IntState, typeof options, IntEvents> = defineVariant({
  id: 'palermo-intrigue',
  ballots: 'public',
  names: { el: 'Παλέρμο με Κάρτες Ίντριγκας', en: 'Palermo with Intrigue Cards' },
  defaultLocale: 'el',
  locales: ['el', 'en'],
  defaultTimeZone: 'Europe/Athens',
  defaultCalendar: { workingWeekdays: WEEKDAYS, preset: 'GR', extraPauseDays: [], extraWorkingDays: [] },
  minPlayers: 8,
  maxPlayers: 60,
  roles: ROLES,
  sides: SIDES,
  syntax: SYNTAX,
  firing: FIRING,
  messages: { el, en },
  optionsSchema: options,
  // INT-CARD-1: a hand fixed by the moderator is a secret like a fixed deal.
  secretOptions: ['cards'],
  validateConfig(config) {
    if (config.fixedRoles && config.roleList) return 'give either fixed roles or a role list, not both';
    // INT-DIST-1: a deal the rulebook cannot play is refused at creation when its size is already known.
    const list = config.roleList ?? (config.fixedRoles ? Object.values(config.fixedRoles) : undefined);
    const bad = list ? checkRoleList(list, list.length) : null;
    return bad ?? roundOneProblem(config);
  },
  initial: () => initialInt(),
  evolve: (v, e) => evolveInt(v, e),
  deal,
  start,
  onDeadline(b, d) {
    switch (d.kind) {
      case 'kill':
        return resolveKill(b);
      case 'lock':
        return resolveLock(b);
      case 'ext':
        return resolveExt(b);
      case 'close':
        return resolveClose(b);
      case 'runoff':
        return resolveRunoff(b);
      case 'midnight':
        return resolveMidnight(b);
      case 'dawn':
        return resolveDawn(b);
      case 'echo':
        return resolveEchoStart(b);
      case 'detention': {
        const [, player = '', t = '0'] = d.id.split(':');
        return resolveDetentionEnd(b, player, Number(t));
      }
    }
  },
  post: onPost,
  edit: onEdit,
  pm: onPm,
  mod: moderate,
  modActions: MOD_ACTIONS,
  legalActions,
  formatParam,
  defaultRoles,
  signup: {
    // INT-ABS-5: a player banned by the previous game of the series cannot sign up (the ΣΕ lifts it by editing the list).
    refuse(s, name) {
      const banned = intOptions(s.config).banned ?? [];
      return banned.some((n) => fold(n) === fold(name)) ? { code: 'R-SIGNUP-BANNED', params: {} } : undefined;
    },
  },
  condition: (s, id: PlayerId) => cond(s, id),
  schedule(locale) {
    const g = locale === 'el';
    return [
      {
        when: g ? 'έναρξη' : 'start',
        what: g ? 'μοίρασμα ρόλων και καρτών με το seed, πμ ρόλων, ανακοίνωση' : 'seeded deal of roles and cards, role PMs, announcement',
      },
      {
        when: '13:00',
        what: g ? 'δολοφονία (από τον 2ο γύρο)· κλείνει το κάρφωμα και η Εξαίρεση Ψηφοφορίας' : 'murder (from round 2); outing window and Vote Exemption close',
      },
      { when: '20:00', what: g ? 'τέλος ψήφων και καρτών ψήφου· κλείδωμα θέματος' : 'last votes and vote cards; thread locked' },
      { when: '20:05–20:10', what: g ? 'μία αλλαγή ψήφου, μόνο με όνομα' : 'one vote change, a name only' },
      {
        when: '20:10',
        what: g
          ? 'καταμέτρηση: κάρτες → Δήμαρχος → Δικηγόρος → Διεφθαρμένος· απουσίες· κάρφωμα· αρχίζει η νύχτα'
          : 'count: cards → Mayor → Lawyer → Corrupt Cop; absences; outing; night starts',
      },
      { when: '20:10–21:10', what: g ? 'δημοσκόπηση σε ισοψηφία' : 'runoff on a tie' },
      { when: '00:00', what: g ? 'προθεσμία Πόρνης· απαντήσεις ντετέκτιβ/μέντιουμ' : 'Prostitute deadline; detective/medium answers' },
      { when: '02:00', what: g ? 'τέλος νύχτας (ντετέκτιβ, μέντιουμ, νοσοκόμα)' : 'night ends (detective, medium, nurse)' },
      { when: '02:00–04:00', what: g ? 'νεκρός χρόνος: καμία κάρτα εκτός από Ακύρωση Προφυλάκισης' : 'dead time: no cards except Detention Cancel' },
      { when: g ? 'κάρτες' : 'cards', what: CARDS.map((c) => `${c.names[g ? 'el' : 'en']}: ${c.summary[g ? 'el' : 'en']}`).join('; ') },
    ];
  },
});

/** Re-exported for bots and tests. */
export type { LegalAction };
