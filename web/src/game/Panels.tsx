// The game's side panels: the countdown to the next deadline (in the game's zone and the viewer's), the live vote
// count, the players with their states, and the caller's role card.
import { useCallback, useEffect, useRef } from 'preact/hooks';
import type { GameDetail } from '../../../src/protocol/index.ts';
import { gameNow, gameSpeed, onClockSync } from '../api/clock.ts';
import type { MessageKey } from '../i18n/en.ts';
import { dateTime, duration, durationChangesIn, list, localZone, t, timeOfDay } from '../i18n/i18n.ts';
import { useNow } from '../ui.tsx';
import { deadlineLabel, hasLabel, labelOf, nameOf, teamName, useRulebook } from './labels.ts';

/**
 * The next deadline, counted down on the server's game clock; it re-renders only when its text changes. While the
 * moderators pause the game it says so instead (no deadline passes, and each moves by the pause's length on resume).
 */
export function Countdown({
  deadline,
  zone,
  variant,
  paused = false,
}: {
  readonly deadline: GameDetail['nextDeadline'];
  readonly zone: string;
  readonly variant: string;
  readonly paused?: boolean;
}) {
  const rulebook = useRulebook(variant);
  const at = deadline?.at;
  const read = useCallback(() => gameNow(), []);
  const next = useCallback((now: number) => (at === undefined ? Number.POSITIVE_INFINITY : durationChangesIn(at - now, gameSpeed())), [at]);
  const now = useNow(read, next, onClockSync);
  if (paused) return <p class="countdown paused">{t('deadline.paused')}</p>;
  if (!deadline) return <p class="countdown none">{t('deadline.none')}</p>;
  return (
    <p class="countdown" data-at={deadline.at}>
      <strong>{t('deadline.next', { kind: deadlineLabel(rulebook, deadline.kind), left: duration(deadline.at - now) })}</strong>
      <span>{zonedTime(deadline.at, zone)}</span>
    </p>
  );
}

/** A time in the game's zone, and in the reader's when his zone is another (the same time is not shown twice). */
export function zonedTime(at: number, zone: string): string {
  const mine = localZone();
  if (mine === zone) return t('deadline.atHere', { game: timeOfDay(at, zone), zone });
  return t('deadline.at', { game: timeOfDay(at, zone), zone, mine: timeOfDay(at, mine) });
}

/** A date and time in the game's zone, and in the reader's when his zone is another. */
export function zonedDateTime(at: number, zone: string): string {
  const mine = localZone();
  if (mine === zone) return t('deadline.atHere', { game: dateTime(at, zone), zone });
  return t('deadline.at', { game: dateTime(at, zone), zone, mine: dateTime(at, mine) });
}

/** The live count where the rulebook has one (null from the server for a private ballot). */
export function VoteCount({
  votes,
  privateBallot,
  channel,
  variant,
}: {
  readonly votes: GameDetail['votes'];
  readonly privateBallot: boolean;
  readonly channel: string;
  readonly variant: string;
}) {
  const rulebook = useRulebook(variant);
  if (!votes) return privateBallot ? <p class="votes private">{t('votes.private')}</p> : null;
  // A rulebook with a vote per thread (one per city) tags each line with its channel.
  const lines = votes.lines.filter((l) => (l.channel ?? 'main') === channel);
  if (lines.length === 0 && channel !== 'main') return null;
  // A thread's count lists who has not voted in that thread's vote (a city's residents), where the rulebook says so.
  const notVoted = votes.notVotedIn?.[channel] ?? votes.notVoted;
  return (
    <section class="votes" aria-labelledby="votes-h">
      {/* A runoff's count is titled as the runoff's, and its day is named as the thread names it: mafia-de's «Tag 1»,
          palermo's «Runde 1» (issue 25 item 11). */}
      <h2 id="votes-h">{t('votes.title', { when: labelOf(rulebook, 'phase.day', { n: votes.round }, 'phase.other'), phase: votes.phase })}</h2>
      <ul>
        {lines.map((l) => (
          <li key={l.target} data-target={l.target}>
            <strong>{t('votes.line', { target: l.target, n: l.votes })}</strong>
            {l.voters.length > 0 && <span class="voters"> ({list(l.voters)})</span>}
          </li>
        ))}
      </ul>
      {notVoted.length > 0 && <p class="not-voted">{t('votes.notVoted', { names: list(notVoted) })}</p>}
    </section>
  );
}

const STATUS_KEYS: Readonly<Record<string, MessageKey>> = { alive: 'player.alive', out: 'player.out', withdrawn: 'player.withdrawn' };

/**
 * The seats and their states (roles once the game has ended). A rulebook with more than in/out (palermo-intrigue:
 * active, detained, ghost) gives each player's public condition in its own terms; it is shown beside the state.
 */
export function Players({ detail, focus }: { readonly detail: GameDetail; readonly focus?: string | undefined }) {
  const rulebook = useRulebook(detail.variant);
  const me = detail.me.role === 'player' ? detail.me.playerId : null;
  const players = useRef<HTMLUListElement>(null);
  // A mention's link shows its player: his line is marked and scrolled into view.
  useEffect(() => {
    if (focus !== undefined) players.current?.querySelector('.player.focus')?.scrollIntoView({ block: 'nearest' });
  }, [focus]);
  const focused = (name: string) => focus !== undefined && name.toLowerCase() === focus.toLowerCase();
  return (
    <section class="players" aria-labelledby="players-h">
      <h2 id="players-h">{t('game.players')}</h2>
      <ul ref={players}>
        {detail.players.map((p) => (
          <li
            key={p.id}
            class={`player ${p.status}${focused(p.name) ? ' focus' : ''}`}
            data-name={p.name}
            data-status={p.status}
            data-condition={p.condition}
            aria-current={focused(p.name) ? 'true' : undefined}
          >
            <bdi>{p.name}</bdi>
            {p.id === me && <span class="you"> ({t('game.you')})</span>}
            <span class="state">
              {' '}
              · {STATUS_KEYS[p.status] ? t(STATUS_KEYS[p.status]!) : p.status}
              {p.removedHow && hasLabel(rulebook, `removed.${p.removedHow}`) ? ` (${labelOf(rulebook, `removed.${p.removedHow}`)})` : ''}
              {p.role ? ` · ${nameOf(rulebook, 'role', p.role)}` : ''}
            </span>
            {p.condition !== undefined && p.condition !== p.status && (
              <span class="condition"> · {t('player.condition', { condition: labelOf(rulebook, `condition.${p.condition}`) })}</span>
            )}
          </li>
        ))}
      </ul>
      <p class="mods">{t('game.moderators', { names: list(detail.moderators) })}</p>
    </section>
  );
}

/** The caller's own role, teams and whether he is still in the game. */
export function RoleCard({ detail }: { readonly detail: GameDetail }) {
  const rulebook = useRulebook(detail.variant);
  const me = detail.me;
  if (me.role !== 'player') return null;
  // A team the rulebook does not name (a group with a channel of its own, such as a city's family) is not listed.
  const teams = me.teams.filter((x) => teamName(rulebook, x) !== x).map((x) => teamName(rulebook, x));
  return (
    <section class="role-card" aria-labelledby="role-h">
      <h2 id="role-h">{t('role.title')}</h2>
      <p class="role" data-role={me.gameRole ?? ''}>
        {me.gameRole ? nameOf(rulebook, 'role', me.gameRole) : t('role.none')}
      </p>
      {teams.length > 0 && <p>{t('role.teams', { teams: list(teams) })}</p>}
      {!me.alive && <p class="out">{t('role.dead')}</p>}
    </section>
  );
}
