// The vote history beside the live count (issue 26 item 8): every vote and change of the game's votes with its time
// and the post that cast it, as forum moderators post it, and the count as it stood at any past post. The server
// decides what the reader may know (a private ballot: its published results only), this only shows it.
import { useEffect, useState } from 'preact/hooks';
import type { GameDetail, VoteCountAtReply, VoteEntry, VoteHistoryReply } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { dateTime, list, t } from '../i18n/i18n.ts';
import { postHref } from '../route.ts';
import { Notice } from '../ui.tsx';

/** One line of the history, in the reader's language. */
function entryText(e: VoteEntry): string {
  const main = t('votes.entry', { kind: e.kind, voter: e.voter, target: e.target, previous: e.previous ?? '' });
  const note = e.mark ? t('votes.mark', { mark: e.mark }) : e.kind === 'void' && e.why ? t('votes.why', { why: e.why }) : '';
  return note ? `${main} (${note})` : main;
}

/** A count as it stood at a post (its lines of this channel). */
function CountAt({ at, channel }: { readonly at: VoteCountAtReply; readonly channel: string }) {
  const lines = at.count?.lines.filter((l) => (l.channel ?? 'main') === channel) ?? [];
  return (
    <section class="count-at" aria-label={t('votes.countAt', { n: at.n })} data-post={at.n}>
      <h3>{t('votes.countAt', { n: at.n })}</h3>
      {!at.count ? (
        <p>{t('votes.noCount', { n: at.n })}</p>
      ) : (
        <>
          <ul>
            {lines.map((l) => (
              <li key={l.target} data-target={l.target}>
                <strong>{t('votes.line', { target: l.target, n: l.votes })}</strong>
                {l.voters.length > 0 && <span class="voters"> ({list(l.voters)})</span>}
              </li>
            ))}
          </ul>
          {at.count.notVoted.length > 0 && <p class="not-voted">{t('votes.notVoted', { names: list(at.count.notVoted) })}</p>}
        </>
      )}
    </section>
  );
}

/** The history of the votes held in a thread (`channel`), opened on demand and kept fresh while open. */
export function VoteHistory({
  gameId,
  channel,
  votes,
  zone,
}: {
  readonly gameId: string;
  readonly channel: string;
  /** The live count: the history is read again whenever it changes. */
  readonly votes: GameDetail['votes'];
  readonly zone: string;
}) {
  const [open, setOpen] = useState(false);
  const [history, setHistory] = useState<VoteHistoryReply | null>(null);
  const [at, setAt] = useState<VoteCountAtReply | null>(null);
  const [n, setN] = useState('');
  const [error, setError] = useState<unknown>(null);
  const live = JSON.stringify(votes);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    api
      .voteHistory(gameId)
      .then((h) => {
        if (cancelled) return;
        setHistory(h);
        setError(null);
      })
      .catch((e) => !cancelled && setError(e));
    return () => {
      cancelled = true;
    };
  }, [open, live, gameId]);

  const countAt = async (c: string, post: number) => {
    try {
      setAt(await api.countAt(gameId, c, post));
      setError(null);
    } catch (e) {
      setError(e);
    }
  };

  const rounds = (history?.rounds ?? [])
    .map((r) => ({ ...r, entries: r.entries.filter((e) => (e.channel ?? 'main') === channel) }))
    .filter((r) => r.entries.length > 0);
  return (
    <details class="vote-history" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{t('votes.history')}</summary>
      <Notice error={error} />
      {history && rounds.length === 0 && <p>{history.live ? t('votes.historyEmpty') : t('votes.historyPrivate')}</p>}
      {rounds.map((r) => (
        <section key={`${r.round}-${r.phase}-${r.entries[0]!.at}`} class="vote-round" data-round={r.round} data-phase={r.phase}>
          <h3>{t('votes.roundPhase', { phase: r.phase, round: r.round })}</h3>
          <ol>
            {r.entries.map((e, i) => (
              <li key={i} class={`vote-entry vote-${e.kind}`} data-kind={e.kind} data-voter={e.voter} data-target={e.target}>
                <time dateTime={new Date(e.at).toISOString()} title={e.time}>
                  {dateTime(e.at, zone)}
                </time>{' '}
                {e.post && (
                  <>
                    <a class="permalink" href={postHref(gameId, e.post.channel, e.post.n)}>
                      {t('thread.postNumber', { n: e.post.n })}
                    </a>{' '}
                  </>
                )}
                <bdi>{entryText(e)}</bdi>
                {e.post && (
                  <>
                    {' '}
                    <button type="button" class="count-then" onClick={() => void countAt(e.post!.channel, e.post!.n)}>
                      {t('votes.countThen')}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ol>
        </section>
      ))}
      <form
        class="count-form"
        onSubmit={(e) => {
          e.preventDefault();
          const post = Number(n);
          if (Number.isInteger(post) && post >= 1) void countAt(channel, post);
        }}
      >
        <label for={`count-at-${channel}`}>{t('votes.atPost')}</label>
        <input id={`count-at-${channel}`} type="number" min={1} step={1} value={n} onInput={(e) => setN(e.currentTarget.value)} />
        <button type="submit">{t('votes.show')}</button>
      </form>
      {at && <CountAt at={at} channel={channel} />}
    </details>
  );
}
