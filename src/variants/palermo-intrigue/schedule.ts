// palermo-intrigue's day as data (INT §3): the 13:00 murder from round 2, the 20:00 lock, the 20:05 change, the
// 20:10 count and its runoff; the night that follows every count (00:00, 02:00 of the next calendar day); the
// daily dead time; the card timers (detention, echo); what entering a phase does and where each phase goes after its
// instants (engine/phases.ts). The resolutions' steps are named in index.ts and written in flow.ts.
import type { PlanContext, ScheduleDef } from '../../engine/schedule.ts';
import type { GameState } from '../../engine/state.ts';
import { intOptions } from './options.ts';
import type { IntState } from './state.ts';

/** Round r+1 on the next play day, where the count and its runoff go when nothing holds the round open. */
const NEXT_ROUND = { phase: 'day', round: 'next', date: 'next-play-day' } as const;

/** The instants of palermo-intrigue. */
export type IntInstant = 'kill' | 'lock' | 'ext' | 'close' | 'runoff' | 'extension' | 'midnight' | 'dawn' | 'detention' | 'echo';

/** palermo-intrigue's declared schedule. */
export const INT_SCHEDULE: ScheduleDef<IntInstant> = {
  phases: [
    {
      id: 'day',
      what: { en: 'round r on its play day D_r', el: 'γύρος r την εργάσιμη D_r' },
      // Entering the day resets the round's orders and records its times (PAL-CAL-2, INT-VOTE-1).
      enter: ['open-round'],
      // INT-VOTE-8: a tied count opens the runoff of the same round; otherwise round r+1 opens on the next play day.
      next: [{ at: 'close', to: [{ when: 'tied', phase: 'runoff' }, NEXT_ROUND] }],
      instants: [
        {
          id: 'kill',
          when: { local: '13:00' },
          rounds: { from: 2 },
          what: { en: 'murder; outing and exemption windows close', el: 'δολοφονία· κλείνουν κάρφωμα και Εξαίρεση Ψηφοφορίας' },
        },
        {
          id: 'lock',
          when: { local: '20:00' },
          what: { en: 'last votes and vote cards; thread locked', el: 'τέλος ψήφων και καρτών ψήφου· κλείδωμα θέματος' },
        },
        { id: 'ext', when: { local: '20:05' }, what: { en: 'one vote change, a name only, until 20:10', el: 'μία αλλαγή ψήφου, μόνο με όνομα, ως τις 20:10' } },
        {
          id: 'close',
          when: { local: '20:10' },
          what: {
            en: 'count: cards → Mayor → Lawyer → Corrupt Cop; absences; outing; the night starts',
            el: 'καταμέτρηση: κάρτες → Δήμαρχος → Δικηγόρος → Διεφθαρμένος· απουσίες· κάρφωμα· αρχίζει η νύχτα',
          },
        },
      ],
      windows: [
        { id: 'vote', opens: 'open', closes: { instant: 'lock' }, what: { en: 'main vote', el: 'κύρια ψηφοφορία' } },
        { id: 'lock', opens: { instant: 'lock' }, closes: { instant: 'ext' }, mode: 'locked', what: { en: 'thread locked', el: 'κλειδωμένο θέμα' } },
        { id: 'vote-change', opens: { instant: 'ext' }, closes: { instant: 'close' }, what: { en: 'one vote change', el: 'μία αλλαγή ψήφου' } },
        { id: 'kill', opens: 'open', closes: { instant: 'kill' }, rounds: { from: 2 }, what: { en: 'murder order', el: 'εντολή δολοφονίας' } },
        {
          id: 'outing',
          opens: 'open',
          closes: { instant: 'kill' },
          what: { en: 'ordinary outing (opens at the previous count)', el: 'κάρφωμα (ανοίγει στην προηγούμενη καταμέτρηση)' },
        },
        {
          id: 'exemption-card',
          opens: 'open',
          closes: { instant: 'kill' },
          what: { en: '«Εξαίρεση Ψηφοφορίας» before 13:00', el: 'Εξαίρεση Ψηφοφορίας πριν τις 13:00' },
        },
        {
          id: 'failed-murder-card',
          opens: { instant: 'kill' },
          closes: { instant: 'lock' },
          rounds: { from: 2 },
          what: { en: '«Αποτυχία Δολοφονίας» by the murdered', el: 'Αποτυχία Δολοφονίας από τον δολοφονημένο' },
        },
        {
          id: 'end-of-vote',
          opens: 'open',
          closes: { instant: 'close' },
          what: { en: 'Lawyer’s client, Corrupt Cop’s transfer', el: 'πελάτης Δικηγόρου, μεταφορά Διεφθαρμένου' },
        },
      ],
    },
    {
      id: 'runoff',
      what: { en: 'runoff after a tied count', el: 'δημοσκόπηση μετά από ισοψηφία' },
      enter: ['open-runoff'],
      // PAL-TIE-4: a poll still tied goes on as its extension; a decided one opens round r+1 on the next play day.
      next: ['runoff', 'extension'].map((at) => ({ at, to: [{ when: 'runoff-goes-on', stay: true } as const, NEXT_ROUND] })),
      instants: [
        { id: 'runoff', when: { after: 'close', delay: { minutes: 60 } }, onDemand: true, what: { en: 'runoff poll ends', el: 'λήξη δημοσκόπησης' } },
        {
          id: 'extension',
          kind: 'runoff',
          when: { after: 'runoff', delay: { option: 'runoffExtensionMinutes', unit: 'minutes' } },
          onDemand: true,
          what: { en: 'extension ends (still tied: a lot)', el: 'λήξη παράτασης (ισοψηφία: κλήρωση)' },
        },
      ],
      windows: [
        {
          id: 'ballot',
          opens: 'open',
          closes: { instant: 'runoff' },
          what: { en: 'runoff ballot (active players)', el: 'ψήφος δημοσκόπησης (ενεργοί παίκτες)' },
        },
      ],
    },
    {
      // Opens at the count, beside the runoff and the next day; its instants fall on the next calendar day (a Friday
      // night ends on Saturday), and it ends with the last of them.
      id: 'night',
      what: { en: 'the night after a count', el: 'η νύχτα μετά την καταμέτρηση' },
      beside: true,
      next: [{ at: 'dawn', to: [{ exit: true }] }],
      instants: [
        {
          id: 'midnight',
          when: { local: '00:00', dayOffset: 1 },
          key: 'n{round}:midnight',
          what: { en: 'Prostitute deadline; detective and medium answers', el: 'προθεσμία Πόρνης· απαντήσεις ντετέκτιβ/μέντιουμ' },
        },
        {
          id: 'dawn',
          when: { local: '02:00', dayOffset: 1 },
          key: 'n{round}:dawn',
          what: { en: 'night ends (detective, medium, nurse)', el: 'τέλος νύχτας (ντετέκτιβ, μέντιουμ, νοσοκόμα)' },
        },
      ],
      windows: [
        { id: 'prostitute-order', opens: 'open', closes: { instant: 'midnight' }, what: { en: 'Prostitute’s block', el: 'επιλογή Πόρνης' } },
        { id: 'night-orders', opens: 'open', closes: { instant: 'dawn' }, what: { en: 'detective, medium, nurse', el: 'ντετέκτιβ, μέντιουμ, νοσοκόμα' } },
        {
          id: 'answers',
          opens: { instant: 'midnight' },
          closes: { instant: 'dawn' },
          what: { en: 'answers to night actions', el: 'απαντήσεις νυχτερινών ενεργειών' },
        },
      ],
    },
  ],
  timers: [
    {
      id: 'detention',
      when: { after: 'action', delay: { minutes: 300 } },
      onDemand: true,
      key: 'det:{key}',
      what: { en: 'a detention runs out (→ ghost)', el: 'λήξη προφυλάκισης (→ φάντασμα)' },
    },
    {
      id: 'echo',
      when: { after: 'action', delay: { minutes: 180 } },
      onDemand: true,
      key: 'echo:{key}',
      what: { en: 'an echo starts (until the next count)', el: 'αρχίζει η Ηχώ (ως την επόμενη καταμέτρηση)' },
    },
  ],
  windows: [
    {
      id: 'cancel-detention',
      opens: { action: 'detention' },
      closes: { instant: 'detention' },
      what: { en: '«Ακύρωση Προφυλάκισης» within 5 h', el: 'Ακύρωση Προφυλάκισης μέσα σε 5 ώρες' },
    },
  ],
  daily: [
    {
      id: 'dead',
      opens: { local: '02:00' },
      closes: { local: '04:00' },
      mode: 'dead',
      what: { en: 'dead time: no cards except «Ακύρωση Προφυλάκισης»', el: 'νεκρός χρόνος: καμία κάρτα εκτός από Ακύρωση Προφυλάκισης' },
    },
  ],
  pauses: {
    en: 'weekends and holidays (default: Greek public holidays); the dead time still applies',
    el: 'Σαββατοκύριακα και αργίες· ο νεκρός χρόνος ισχύει',
  },
};

/** Where round `round` (on `date`, default the open round's) of a game falls, for planning its instants. */
export function intContext(s: GameState<IntState>, round = s.v.round, date = s.v.date): PlanContext {
  return { round, date, opensAt: s.clock, timeZone: s.config.timeZone, options: intOptions(s.config) };
}

/** Where a card's timer counts from: no round, the game's zone and options (INT-CARD-7, -9). */
export function timerContext(s: GameState<IntState>): PlanContext {
  return { opensAt: s.clock, timeZone: s.config.timeZone, options: intOptions(s.config) };
}
