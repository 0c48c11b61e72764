// The court of acting judges (CIT-CRT-1..5): its inbox, who sits, and the state of today's motion, which becomes final
// once every acting judge said «за» (the commands themselves are declared in actions.ts).
import type { PlayerId } from '../../core/types.ts';
import { announceIn } from '../../engine/channels.ts';
import { isAlive } from '../../engine/state.ts';
import { type B, channels, cityName, cityOf, genderOf, msg, names, nm, type S, time } from './common.ts';
import { citOptions } from './options.ts';
import { COURT_CHANNEL } from './state.ts';

/** The court's inbox: the acting judges (CIT-CRT-1). */
export function courtChannel(b: B) {
  return channels(b.state).find((c) => c.id === COURT_CHANNEL)!;
}

/** Acting judges who are alive (the court as it sits now). */
export function sitting(s: S): PlayerId[] {
  return s.v.judge.filter((j): j is PlayerId => j !== null && isAlive(s, j));
}

/** The audience of the court's events: its inbox's readers. */
export function courtTeam(b: B) {
  const c = courtChannel(b);
  return { kind: 'team' as const, team: c.id, ids: [...c.readers] };
}

/**
 * CIT-CRT-5: a judge left office while a motion is open: his vote no longer counts and unanimity is judged among the
 * judges who remain (below the quorum the motion lapses).
 */
export function recountCourt(b: B): void {
  const s = b.state;
  const m = s.v.motion;
  if (!m) return;
  if (sitting(s).length < citOptions(s.config).courtMinJudges) {
    b.emit('cit.court.dropped', { why: 'quorum' }, courtTeam(b));
    return;
  }
  settle(b);
}

/** CIT-CRT-4: the motion's state in the court inbox, final once every acting judge said «за». */
export function settle(b: B): void {
  const s = b.state;
  const m = s.v.motion!;
  const judges = sitting(s);
  const waiting = judges.filter((j) => !m.yes.includes(j));
  const place = cityName(s, cityOf(s, m.target));
  if (waiting.length === 0 && judges.length >= citOptions(s.config).courtMinJudges) {
    b.emit('cit.court.final', { target: m.target }, courtTeam(b));
    announceIn(b, courtChannel(b), msg('P-COURT-FINAL', { target: nm(s, m.target), g: genderOf(s, m.target), voteEnd: time(s, s.v.voteEnd) }));
  } else {
    announceIn(
      b,
      courtChannel(b),
      msg('P-COURT-MOTION', { name: nm(s, m.by), target: nm(s, m.target), city: place, yes: names(s, m.yes), waiting: names(s, waiting) || '—' }),
    );
  }
}
