// What one mafia-de player knows, built only from the events whose audience includes him: his role PNs, the mafia
// team's PNs, his own check results, the public thread (posts, deaths, vote lists, the newspaper, testaments). The
// bots speak a small convention in the thread (declared votes, detective and matchmaker claims) that `observe`
// reads back; nothing here looks at the game state.
import { listTexts, refId } from '../../core/params.ts';
import type { GameEvent, Message, Param, Params, PlayerId } from '../../core/types.ts';
import { typed } from '../../engine/events.ts';
import { observing } from '../../sim/choose.ts';
import type { DeEvents } from './events.ts';
import { partyOfRole as partyOfDealt } from './roles.ts';

/** A comparison result: a and b share a party (`same`) or not. */
export interface Relation {
  readonly a: PlayerId;
  readonly b: PlayerId;
  readonly same: boolean;
}

/** What one mafia-de player knows. */
export interface DeView {
  readonly me: PlayerId;
  role?: string;
  phase: 'signup' | 'day' | 'night';
  /** Number of the open day or night. */
  n: number;
  readonly order: PlayerId[];
  readonly idByName: Map<string, PlayerId>;
  readonly alive: Set<PlayerId>;
  /** Mafia members this player knows (his team, mafia only). */
  readonly mates: Set<PlayerId>;
  /** Roles of other players that an event addressed to this player named (team PNs, public DQ statuses). */
  readonly roles: Map<PlayerId, string>;
  /** The boss in office as the team was told. */
  boss?: PlayerId;
  /** The successor this boss designated (his own acknowledgement). */
  successor?: PlayerId;
  /** Special roles taken in the Night-1 choice (team PNs). */
  readonly taken: Set<string>;
  /** Parties this player is sure of (own checks, trusted claims, inference). */
  readonly party: Map<PlayerId, string>;
  /** Comparison results: own, or claimed in the thread. */
  readonly relations: Relation[];
  /** Players this detective has checked, and pairs this matchmaker has compared ("a|b"). */
  readonly checked: Set<PlayerId>;
  readonly compared: Set<string>;
  /** Own results not yet claimed in the thread. */
  fresh: number;
  /** The public detective and matchmaker claimers. */
  detective?: PlayerId;
  matchmaker?: PlayerId;
  /** The detective as the insider found him (insider's own result, or the family's ad). */
  found?: PlayerId;
  /** The insider's guesses so far. */
  readonly guessed: Set<PlayerId>;
  /** Declared votes of the open day (thread posts): voter -> target. */
  readonly declared: Map<PlayerId, PlayerId>;
  /** The player has claimed his role in the thread. */
  claimed: boolean;
  /** The insider has told the family through the newspaper. */
  told: boolean;
  /** Final votes of every closed day (the published vote list): voter -> target. */
  readonly history: Map<PlayerId, PlayerId>[];
  /** Findings in this player's stored testament. */
  willLines: number;
}

/** A fresh view for a player. */
export function newDeView(me: PlayerId): DeView {
  return {
    me,
    phase: 'signup',
    n: 0,
    order: [],
    idByName: new Map(),
    alive: new Set(),
    mates: new Set(),
    roles: new Map(),
    taken: new Set(),
    party: new Map(),
    relations: [],
    checked: new Set(),
    compared: new Set(),
    fresh: 0,
    guessed: new Set(),
    declared: new Map(),
    claimed: false,
    told: false,
    willLines: 0,
    history: [],
  };
}

/** The bots' thread convention (German, like the game). */
export const SAY = {
  vote: (name: string) => `Ich stimme heute gegen ${name}, das ist mein Verdacht.`,
  night: 'Gute Nacht allerseits, wir lesen uns morgen früh wieder.',
  chat: 'Ich lese mit und halte die Augen offen, bis später.',
  detective: 'Ich bin der Detektiv.',
  matchmaker: 'Ich bin der Matchmaker.',
  mafia: (name: string) => `${name} ist Mafia.`,
  citizen: (name: string) => `${name} ist Bürger.`,
  same: (a: string, b: string) => `${a} und ${b} sind gleich.`,
  diff: (a: string, b: string) => `${a} und ${b} sind verschieden.`,
  /** The insider's ad to his family (the other mafiosi read it; the bots of the town do not decode it). */
  family: (name: string) => `Grüße an die Familie: ${name} schnüffelt herum.`,
} as const;

/** The pattern of a SAY sentence with a capture per name, so each sentence is written once (in SAY). */
function heard(say: (...names: string[]) => string): RegExp {
  const marks = Array.from({ length: say.length }, (_, i) => `\u0001${i}\u0001`);
  let source = say(...marks).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const m of marks) source = source.replace(m, '(.+)');
  return new RegExp(`^${source}$`);
}

const VOTE_RE = heard(SAY.vote);
const MAFIA_RE = heard(SAY.mafia);
const CITIZEN_RE = heard(SAY.citizen);
const SAME_RE = heard(SAY.same);
const DIFF_RE = heard(SAY.diff);
const FAMILY_RE = heard(SAY.family);

/** A role id's party (also for a successor's combined label 'mafia-boss+framer'). */
export function partyOfRole(role: string): string {
  return partyOfDealt(role.split('+')[0]);
}

function ids(v: DeView, names: Param | undefined): PlayerId[] {
  return listTexts(names)
    .map((n) => v.idByName.get(n.trim()))
    .filter((x): x is PlayerId => x !== undefined);
}

/** The role a role label names: a boss by succession with a special role («Mafiaboss und Rufmörder») plays the special one. */
function labelRole(label: Param | undefined): string | undefined {
  if (typeof label === 'object' && 'list' in label) return refId(label.list.at(-1));
  return refId(label);
}

/** The parameters of a phrase parameter ({} for anything else). */
function phraseParams(p: Param | undefined): Params {
  return typeof p === 'object' && 'phrase' in p ? (p.params ?? {}) : {};
}

function idOf(v: DeView, name: unknown): PlayerId | undefined {
  return typeof name === 'string' ? v.idByName.get(name.trim()) : undefined;
}

/** Records a party and propagates it through the known comparisons (first word wins: framed results may clash). */
export function learn(v: DeView, id: PlayerId, party: string): void {
  if (v.party.has(id)) return;
  v.party.set(id, party);
  let changed = true;
  while (changed) {
    changed = false;
    for (const r of v.relations) {
      const pa = v.party.get(r.a);
      const pb = v.party.get(r.b);
      if (pa !== undefined && pb === undefined) v.party.set(r.b, r.same ? pa : other(pa));
      else if (pb !== undefined && pa === undefined) v.party.set(r.a, r.same ? pb : other(pb));
      else continue;
      changed = true;
    }
  }
}

function other(p: string): string {
  return p === 'mafia' ? 'citizens' : 'mafia';
}

/** Adds a comparison and propagates what it implies. */
function relate(v: DeView, r: Relation): void {
  v.relations.push(r);
  const pa = v.party.get(r.a);
  const pb = v.party.get(r.b);
  if (pa !== undefined && pb === undefined) learn(v, r.b, r.same ? pa : other(pa));
  else if (pb !== undefined && pa === undefined) learn(v, r.a, r.same ? pb : other(pb));
}

function setRole(v: DeView, id: PlayerId, role: string): void {
  if (id === v.me) v.role = role;
  else v.roles.set(id, role);
}

function observeMessage(v: DeView, parts: readonly Message[]): void {
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const q = p.params ?? {};
    switch (p.key) {
      case 'MSG-ROLE-MAFIA-N':
      case 'MSG-ROLE-MAFIA-1':
      case 'MSG-ROLE-MAFIA-0': {
        for (const id of ids(v, q.names)) v.mates.add(id);
        v.mates.add(v.me);
        const boss = idOf(v, q.boss);
        if (boss) {
          v.boss = boss;
          setRole(v, boss, 'mafia-boss');
        }
        break;
      }
      case 'MSG-DAY-RESULT':
        v.history.push(new Map());
        break;
      case 'MSG-VOTE-LINE': {
        const voter = idOf(v, q.voter);
        const target = idOf(v, q.target);
        if (voter && target) v.history.at(-1)?.set(voter, target);
        break;
      }
      case 'MSG-NEW-BOSS':
        v.boss = idOf(v, q.new);
        break;
      case 'MSG-MAFIA-ROLES':
        for (const pair of typeof q.mafiaRoles === 'object' && 'list' in q.mafiaRoles ? q.mafiaRoles.list : []) {
          const id = idOf(v, phraseParams(pair).name);
          const role = labelRole(phraseParams(pair).role);
          if (id && role) setRole(v, id, role);
        }
        break;
      case 'MSG-RESULT-DET-mafia':
      case 'MSG-RESULT-DET-citizens': {
        const id = idOf(v, q.name);
        if (id) {
          learn(v, id, p.key.endsWith('mafia') ? 'mafia' : 'citizens');
          v.fresh++;
        }
        break;
      }
      case 'MSG-RESULT-MM-same':
      case 'MSG-RESULT-MM-diff': {
        const a = idOf(v, q.name);
        const b = idOf(v, q.name2);
        if (a && b) {
          relate(v, { a, b, same: p.key.endsWith('same') });
          v.fresh++;
        }
        break;
      }
      case 'MSG-DQ':
      case 'MSG-DQ-INACT': {
        // DE-ANN-2: a disqualified player's status is published.
        const id = idOf(v, q.name);
        const role = labelRole(phraseParams(q.status).role);
        if (id && role) {
          setRole(v, id, role);
          learn(v, id, partyOfRole(role));
        }
        break;
      }
      case 'MSG-NEWS-AD': {
        const m = FAMILY_RE.exec(String(q.text ?? ''));
        const id = m ? v.idByName.get(m[1]!) : undefined;
        if (id && v.mates.has(v.me)) v.found = id;
        break;
      }
      case 'MSG-WILL-POST': {
        // A public testament: read it like a claim of its author (the bots' testaments are their findings).
        const author = idOf(v, q.name);
        const raw = parts[i + 1];
        if (author && raw?.key === 'RAW') readClaim(v, author, String(raw.params?.text ?? ''));
        break;
      }
    }
  }
}

/** Reads a claim post (or testament) of `author`: role line, then one finding per line. */
function readClaim(v: DeView, author: PlayerId, text: string): void {
  const lines = text.split('\n').map((l) => l.trim());
  const head = lines[0];
  if (head !== SAY.detective && head !== SAY.matchmaker) return;
  if (head === SAY.detective) v.detective ??= author;
  else v.matchmaker ??= author;
  // The mafia knows better than to trust a claim; the town trusts claimers (the bots never fake one).
  if (v.mates.has(v.me)) return;
  learn(v, author, 'citizens');
  for (const l of lines.slice(1)) {
    let m = MAFIA_RE.exec(l);
    if (m && v.idByName.has(m[1]!)) learn(v, v.idByName.get(m[1]!)!, 'mafia');
    m = CITIZEN_RE.exec(l);
    if (m && v.idByName.has(m[1]!)) learn(v, v.idByName.get(m[1]!)!, 'citizens');
    for (const [re, same] of [
      [SAME_RE, true],
      [DIFF_RE, false],
    ] as const) {
      m = re.exec(l);
      if (m && v.idByName.has(m[1]!) && v.idByName.has(m[2]!)) relate(v, { a: v.idByName.get(m[1]!)!, b: v.idByName.get(m[2]!)!, same });
    }
  }
}

const OBSERVED = new Set([
  'player.signed_up',
  'role.assigned',
  'role.changed',
  'role.chosen',
  'team.formed',
  'phase.entered',
  'player.removed',
  'player.restored',
  'post.published',
  'insider.guessed',
  'night.act',
  'successor.designated',
]);
const OBSERVED_MESSAGES = new Set([
  'MSG-DAY-RESULT',
  'MSG-VOTE-LINE',
  'MSG-ROLE-MAFIA-N',
  'MSG-ROLE-MAFIA-1',
  'MSG-ROLE-MAFIA-0',
  'MSG-NEW-BOSS',
  'MSG-MAFIA-ROLES',
  'MSG-RESULT-DET-mafia',
  'MSG-RESULT-DET-citizens',
  'MSG-RESULT-MM-same',
  'MSG-RESULT-MM-diff',
  'MSG-DQ',
  'MSG-DQ-INACT',
  'MSG-NEWS-AD',
  'MSG-WILL-POST',
]);

/** True for the events `observeDe` reads (the runner offers no others to the views). */
export const relevantDe = observing(OBSERVED, OBSERVED_MESSAGES);

/** Folds one event the player may see into his view. */
export function observeDe(v: DeView, e: GameEvent): void {
  const ev = typed<DeEvents>(e);
  switch (ev.type) {
    case 'player.signed_up':
      v.order.push(ev.data.id);
      v.idByName.set(ev.data.name, ev.data.id);
      v.alive.add(ev.data.id);
      break;
    case 'role.assigned':
      if (ev.data.player === v.me) {
        v.role = ev.data.role;
        // A player knows his own party (a deal without a role for him tells him none).
        if (v.role !== undefined) v.party.set(v.me, partyOfRole(v.role));
      }
      break;
    case 'role.changed':
      setRole(v, ev.data.player, ev.data.role);
      break;
    case 'role.chosen':
      if (ev.data.role !== 'none') v.taken.add(ev.data.role);
      break;
    case 'team.formed':
      for (const id of ev.data.members) {
        v.mates.add(id);
        v.party.set(id, 'mafia');
      }
      break;
    case 'phase.entered':
      v.phase = ev.data.phase === 'night' ? 'night' : 'day';
      v.n = ev.data.round;
      if (v.phase === 'day') v.declared.clear();
      break;
    case 'player.removed': {
      const gone = ev.data.player;
      // The town reads a murder as the mafia's choice of a citizen (the rules do not stop a boss from killing a
      // mafioso, but no bot does).
      if (ev.data.how === 'murder' && !v.mates.has(v.me)) learn(v, gone, 'citizens');
      v.alive.delete(gone);
      v.declared.delete(gone);
      for (const [voter, target] of v.declared) if (target === gone) v.declared.delete(voter);
      break;
    }
    case 'player.restored':
      v.alive.add(ev.data.player);
      break;
    case 'successor.designated':
      v.successor = ev.data.player;
      break;
    case 'insider.guessed':
      v.guessed.add(ev.data.target);
      if (ev.data.hit) v.found = ev.data.target;
      break;
    case 'night.act': {
      // The player's own accepted night actions (the audience is the actor only).
      const t = ev.data.targets;
      if (ev.data.kind === 'query') v.checked.add(t[0]!);
      if (ev.data.kind === 'compare') v.compared.add([...t].sort().join('|'));
      break;
    }
    case 'post.published': {
      const text = ev.data.text;
      const author = ev.data.author;
      const m = VOTE_RE.exec(text);
      const target = m ? v.idByName.get(m[1]!) : undefined;
      if (target && v.phase === 'day') v.declared.set(author, target);
      if (text.startsWith(SAY.detective) || text.startsWith(SAY.matchmaker)) readClaim(v, author, text);
      break;
    }
    case 'message':
      observeMessage(v, ev.data.parts);
      break;
  }
}
