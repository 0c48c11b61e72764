// A game: its header (title, status, countdown), a tab per channel the API lists for the caller (every public
// thread, his inbox with his role and action forms, each team channel), the moderator's console, and the players.

import { useMemo, useState } from 'preact/hooks';
import type { ChannelInfo as Channel, GameDetail } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { ActionForms } from '../game/ActionForms.tsx';
import { ChannelView, channelName } from '../game/ChannelView.tsx';
import { Console } from '../game/Console.tsx';
import { GameLang, labelOf, teamName, useRulebook } from '../game/labels.ts';
import { Countdown, Players, RoleCard, VoteCount } from '../game/Panels.tsx';
import { Timeline } from '../game/Timeline.tsx';
import { useGame } from '../game/useGame.ts';
import { VoteHistory } from '../game/VoteHistory.tsx';
import type { MessageKey } from '../i18n/en.ts';
import { t } from '../i18n/i18n.ts';
import { MuteToggle } from '../notify/MuteToggle.tsx';
import { href } from '../route.ts';
import { currentAccount } from '../session.ts';
import { Notice } from '../ui.tsx';

/** The label of a game status. */
export function statusLabel(s: string): string {
  const k = `status.${s}` as MessageKey;
  return ['signup', 'dealt', 'running', 'paused', 'ended', 'cancelled'].includes(s) ? t(k) : s;
}

/**
 * A tab opens at its top (issue 25): a tab chosen deep down a long thread on a phone showed the new tab's middle. Done
 * on the click, before the new tab renders, so a channel that opens at the reader's first unread post still does.
 */
function toTabTop(): void {
  const nav = document.querySelector('.game nav.tabs');
  if (nav && nav.getBoundingClientRect().top < 0) nav.scrollIntoView({ block: 'start' });
}

/** The tab a channel opens in. */
const tabOf = (c: Channel) => (c.kind === 'inbox' ? 'me' : c.id);

/** The game screen; `post` opens a channel at that post (a permalink), `player` shows a player (a mention's link). */
export function GameScreen({
  id,
  tab,
  post,
  player,
}: {
  readonly id: string;
  readonly tab: string;
  readonly post?: number | undefined;
  readonly player?: string | undefined;
}) {
  const account = currentAccount();
  const g = useGame(id, account?.name ?? null);
  const d = g.detail;
  const rulebook = useRulebook(d?.variant);
  const names = useMemo(() => d?.players.map((p) => p.name) ?? [], [d?.players.map((p) => p.name).join('\u0000')]);
  if (!d) return <Notice error={g.error} text={g.error ? null : '…'} />;
  const unread = (c: Channel) => g.reading?.channels.find((r) => r.channel === c.id)?.unread ?? 0;
  const tabs = [
    ...g.channels.map((c) => ({
      id: tabOf(c),
      label:
        c.kind === 'inbox' && d.me.role === 'player'
          ? t('game.private')
          : c.kind === 'team'
            ? t('game.team', { name: teamName(rulebook, c.title) })
            : channelName(c),
      unread: unread(c),
      // A rulebook channel's title is the rulebook's text, in the language the server read it in.
      lang: c.kind !== 'inbox' && c.kind !== 'team' && c.id !== 'main' ? c.lang : undefined,
    })),
    ...(d.me.role === 'moderator' ? [{ id: 'console', label: t('game.console'), unread: 0, lang: undefined }] : []),
  ];
  const current = tabs.some((x) => x.id === tab) ? tab : (tabs[0]?.id ?? 'main');
  const zone = d.timeZone;
  const channel = current === 'me' ? g.channels.find((c) => c.kind === 'inbox') : g.channels.find((c) => c.id === current);
  const actions = g.actions?.actions ?? [];
  const page = (
    <article class="game" data-status={d.status}>
      <header class="game-head">
        <h1>
          <bdi>{d.title}</bdi>
        </h1>
        <p class="meta">
          <span class={`status status-${d.status}`} data-testid="status">
            {statusLabel(d.status)}
          </span>{' '}
          · {labelOf(rulebook, `rulebook.${d.variant}`)} · {zone}
        </p>
        <Countdown deadline={d.nextDeadline} zone={zone} variant={d.variant} paused={d.status === 'paused'} />
        <JoinButton detail={d} onDone={g.refresh} />
      </header>
      {account && d.me.role !== 'spectator' && <MuteToggle game={id} channel={current === 'me' ? 'inbox' : current === 'console' ? null : current} />}
      <nav class="tabs" aria-label={d.title}>
        {tabs.map((x) => (
          <a key={x.id} href={href({ screen: 'game', id, tab: x.id })} onClick={toTabTop} aria-current={x.id === current ? 'page' : undefined} data-tab={x.id}>
            {x.lang ? <span lang={x.lang}>{x.label}</span> : x.label}
            {x.unread > 0 && (
              <span class="badge" title={t('thread.newPosts', { n: x.unread })}>
                {' '}
                <span aria-hidden="true">{x.unread}</span>
                <span class="visually-hidden">{t('thread.newPosts', { n: x.unread })}</span>
              </span>
            )}
          </a>
        ))}
      </nav>
      <div class="game-body">
        <div class="main-col">
          {current === 'console' && d.me.role === 'moderator' && <Console detail={d} onLive={g.onLive} onDone={g.refresh} />}
          {current === 'me' && (
            <>
              <RoleCard detail={d} />
              <section class="action-panel" aria-labelledby="act-h">
                <h2 id="act-h">{t('action.title')}</h2>
                <ActionForms actions={actions.filter((a) => a.via === 'pm')} channels={g.channels} zone={zone} onDone={g.refresh} />
              </section>
            </>
          )}
          {channel && channel.kind === 'public' && (
            <>
              <VoteCount
                channel={channel.id}
                votes={d.votes}
                variant={d.variant}
                privateBallot={d.status === 'running' && actions.some((a) => a.via === 'pm' && a.command === 'vote')}
              />
              {d.status !== 'signup' && <VoteHistory gameId={id} channel={channel.id} votes={d.votes} zone={zone} />}
              {d.me.role === 'player' && d.status !== 'signup' && (
                <section class="action-panel vote-control" aria-labelledby="vote-h">
                  <h2 id="vote-h">{t('action.title')}</h2>
                  <ActionForms
                    actions={actions.filter((a) => a.via === 'post' && (a.channel ?? 'main') === channel.id)}
                    channels={g.channels}
                    zone={zone}
                    onDone={g.refresh}
                  />
                </section>
              )}
            </>
          )}
          {channel && (
            <ChannelView
              key={channel.id}
              channel={channel}
              version={d.version}
              onLive={g.onLive}
              zone={zone}
              variant={d.variant}
              gameLocale={d.locale}
              name={tabs.find((x) => x.id === current)?.label}
              nameLang={tabs.find((x) => x.id === current)?.lang}
              onPosted={g.refresh}
              gameId={id}
              tab={current}
              names={names}
              post={tab === current ? post : undefined}
              reading={g.reading?.channels.find((r) => r.channel === channel.id)}
              onRead={g.onRead}
            />
          )}
        </div>
        <aside class="side-col">
          <Players detail={d} focus={player} />
          <Timeline id={id} tick={g.tick} variant={d.variant} gameLocale={d.locale} />
        </aside>
      </div>
    </article>
  );
  // The game's language, for what stays in it inside the interface (a form's command line).
  return <GameLang.Provider value={d.locale}>{page}</GameLang.Provider>;
}

function JoinButton({ detail, onDone }: { readonly detail: GameDetail; readonly onDone: () => void }) {
  const [error, setError] = useState<unknown>(null);
  if (detail.status !== 'signup' || !currentAccount() || detail.me.role === 'moderator') return null;
  const joined = detail.me.role === 'player';
  const go = async () => {
    try {
      await (joined ? api.withdraw(detail.id) : api.signup(detail.id));
      setError(null);
      onDone();
    } catch (e) {
      setError(e);
    }
  };
  return (
    <>
      <button type="button" class="join" onClick={() => void go()}>
        {joined ? t('game.withdraw') : t('game.join')}
      </button>
      <Notice error={error} />
    </>
  );
}
