// The mafia-cities event vocabulary: each event this rulebook emits, with its data (the engine's are in
// engine/events.ts). Cities are indices into the game's city names.
import type { Millis, Phrase, PlayerId } from '../../core/types.ts';
import type { EventsOf } from '../../engine/events.ts';
import type { IsoDate } from '../../engine/time.ts';

/** A night decision of a family: a target, or null for a refusal. */
export type Target = PlayerId | null;

/** Why a player died (CIT-ANN-3). */
export type Cause = 'execution' | 'court' | 'night' | 'inactivity' | 'suicide' | 'moderator';

/** Event types and data of the mafia-cities rulebook. */
export type CitEvents = {
  /** CIT-SET-3, CIT-SET-7: the cities, their residents and the touring order (public). */
  'cit.cities': { readonly cities: readonly string[]; readonly cityOf: Readonly<Record<PlayerId, number>>; readonly tourOrder: readonly number[] };
  /** A seat's role, told to its holder (again to a substitute, CIT-MOD-9). */
  'role.assigned': { readonly player: PlayerId; readonly role: string; readonly substitute?: boolean };
  /** A game day opens (its nominations window, CIT-NOM-1). */
  'cit.day': { readonly day: number; readonly date: IsoDate; readonly dayStart: Millis; readonly voteStart: Millis; readonly voteEnd: Millis };
  /** voteStart: nominations close, voting opens (CIT-NOM-6, CIT-VOTE-1). */
  'cit.voting': { readonly day: number };
  /** voteEnd: the night starts; the touring city holds the right (CIT-TOUR-2). */
  'cit.night': { readonly night: number; readonly until: Millis; readonly touring: number | null; readonly pointer: number };
  /** D10: the doctor's protection for the coming night is fixed (private to the moderator). */
  'cit.protection.fixed': { readonly target: PlayerId | null };
  'cit.nominated': { readonly city: number; readonly target: PlayerId; readonly by: PlayerId };
  'cit.voted': { readonly city: number; readonly voter: PlayerId; readonly target: PlayerId };
  'cit.unvoted': { readonly city: number; readonly voter: PlayerId };
  /** A vote removed because its candidate died (CIT-VOTE-7). */
  'cit.votes.voided': { readonly target: PlayerId };
  'cit.election.opened': { readonly city: number; readonly day: number };
  'cit.candidacy': { readonly city: number; readonly player: PlayerId; readonly on: boolean };
  'cit.judge.voted': { readonly city: number; readonly voter: PlayerId; readonly target: PlayerId | null };
  /** A judge takes office (CIT-JUD-7) or a seat falls vacant (player null). */
  'cit.judge': { readonly city: number; readonly player: PlayerId | null; readonly votes?: number };
  'cit.gf.opened': { readonly city: number; readonly until: Millis };
  'cit.gf.voted': { readonly city: number; readonly voter: PlayerId; readonly target: PlayerId };
  'cit.gf.elected': {
    readonly city: number;
    readonly player: PlayerId;
    readonly how: 'fixed' | 'sole' | 'majority' | 'plurality' | 'lot';
  };
  /** CIT-GF-4: the night in which the city's family cannot kill. */
  'cit.gf.void': { readonly city: number; readonly night: number };
  'cit.protect': { readonly target: PlayerId };
  'cit.knife': { readonly target: PlayerId };
  'cit.check': { readonly by: PlayerId; readonly target: PlayerId; readonly mafia: boolean };
  /** The Godfather's standing decision (target or refusal), or his `/defer` (CIT-MAF-4). */
  'cit.decision': { readonly city: number; readonly kind: 'home' | 'tour'; readonly target: Target | 'defer' };
  'cit.proposal': { readonly city: number; readonly kind: 'home' | 'tour'; readonly by: PlayerId; readonly target: Target };
  /** CIT-CRT-3: a judge's motion to execute (his own vote is «за»). */
  'cit.court.motion': { readonly target: PlayerId; readonly by: PlayerId };
  /** CIT-CRT-4: a judge's «за» on the open motion. */
  'cit.court.yes': { readonly judge: PlayerId };
  /** CIT-CRT-4, CIT-CRT-6: the open motion ends (a «против», its target's death, the day's end). */
  'cit.court.dropped': { readonly why: 'veto' | 'target' | 'quorum' };
  /** CIT-CRT-4: the verdict is final: the target dies at voteEnd (CIT-CRT-7). */
  'cit.court.final': { readonly target: PlayerId };
  /**
   * CIT-REC-3, CIT-REC-5: a recall request filed (its initiator) or confirmed, for the window of `day` (`date`: that
   * day's DD.MM, the inbox's title; absent in logs written before the inbox existed).
   */
  'cit.recall': { readonly city: number; readonly day: number; readonly by: PlayerId; readonly date?: string };
  /** CIT-MOD-6: staff set the base of the open request's threshold. */
  'cit.recall.base': { readonly city: number; readonly base: number };
  /** CIT-REC-6, CIT-REC-7, CIT-REC-9: a request ends (the judge removed, expired at the cutoff, or closed). */
  'cit.recall.ended': { readonly city: number; readonly how: 'removed' | 'expired' | 'closed'; readonly bannedThrough?: number; readonly bannedDate?: string };
  /** CIT-LW-1, CIT-LW-4: a nominee's last word was published on these cities' lists. */
  'cit.lastword': { readonly player: PlayerId; readonly cities: readonly number[] };
  /** CIT-LW-3: a nominee asked the Prokurator to phone him. */
  'cit.lastword.call': { readonly player: PlayerId };
  /** CIT-REL-1: a family's relay through the Consigliere (counted per family and game day). */
  'cit.relay': { readonly from: number; readonly to: readonly number[] };
  /** CIT-ACT-6: a player asked to leave by suicide (he has ten minutes to confirm). */
  'cit.suicide.asked': { readonly player: PlayerId };
  /** CIT-ACT-1: the player was active today (his first post or accepted command of the day; the moderator's record). */
  'cit.active': { readonly player: PlayerId };
  /** CIT-ACT-5: a declared absence day. */
  'cit.absent': { readonly player: PlayerId; readonly date: IsoDate };
  /** CIT-ACT-2: the counters of consecutive inactive game days after step D5 (the moderator's record). */
  'cit.inactivity': { readonly counters: Readonly<Record<PlayerId, number>> };
  /** CIT-ACT-4, CIT-MOD-8: staff excused a player: his counter is 0 and today counts as active. */
  'cit.excused': { readonly player: PlayerId };
  /** A member of the family acted tonight (CIT-MAF-7). */
  'cit.spoke': { readonly city: number };
  /** N2–N6: what the night resolved to (the moderator's record). */
  'cit.night.resolved': {
    readonly night: number;
    readonly knife: PlayerId | null;
    readonly knifeLot: boolean;
    readonly deaths: readonly { readonly player: PlayerId; readonly weapons: readonly ('mafia' | 'maniac')[] }[];
  };
  /**
   * CIT-ENG-7: draws consumed for one purpose (the deal's steps, a lot), with what a verifier needs to redo them
   * (`check`: a shuffle's input and output, or a pick's list and result). The moderator's record.
   */
  'cit.drawn': { readonly purpose: string; readonly drawn: readonly number[]; readonly check: unknown };
  // Staff (CIT-ENG-2, CIT-MOD-2, CIT-MOD-3, CIT-ANN-1).
  /** CIT-MOD-2: staff moved a boundary of the running day or night (the instants given are the new ones). */
  'cit.times': { readonly voteStart?: Millis; readonly voteEnd?: Millis; readonly nightEnd?: Millis };
  /** CIT-ENG-2: the Prokurator appointed the Consigliere (both: he appointed himself) or dismissed him (null). */
  'cit.consigliere': { readonly name: string | null; readonly both?: boolean };
  /** CIT-ANN-1, CIT-VOTE-6: a pinned slot was re-posted with this content signature. */
  'cit.pinned': { readonly slot: string; readonly sig: string };
  /** CIT-ANN-1: deaths as the status list tells them (game day or night, executing city, the reveal). */
  'cit.deaths': { readonly deaths: Readonly<Record<PlayerId, DeathNote>> };
};

/** How the status list tells one death (CIT-ANN-1, CIT-ANN-3). */
export interface DeathNote {
  readonly k: number;
  readonly night: boolean;
  readonly city?: string;
  readonly reveal: Phrase;
}

/** An event of a mafia-cities game (the engine's and the rulebook's). */
export type CitEvent = EventsOf<CitEvents>;
