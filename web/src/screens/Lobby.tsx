// The lobby: games open for signup, running and finished, each with its rulebook, players, zone and next deadline.
import { useEffect, useState } from 'preact/hooks';
import type { GameSummary, VariantsReply } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { deadlineLabel, useRulebook } from '../game/labels.ts';
import type { MessageKey } from '../i18n/en.ts';
import { dateTime, locale, t } from '../i18n/i18n.ts';
import { href } from '../route.ts';
import { Notice } from '../ui.tsx';
import { statusLabel } from './Game.tsx';

const GROUPS: readonly { key: MessageKey; statuses: readonly string[] }[] = [
  { key: 'lobby.open', statuses: ['signup'] },
  { key: 'lobby.running', statuses: ['dealt', 'running', 'paused'] },
  { key: 'lobby.finished', statuses: ['ended', 'cancelled'] },
];

/** The list of games. */
export function Lobby() {
  const [games, setGames] = useState<GameSummary[] | null>(null);
  const [variants, setVariants] = useState<VariantsReply['variants']>([]);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    void Promise.all([api.games(), api.variants()]).then(([g, v]) => {
      setGames(g.games);
      setVariants(v.variants);
    }, setError);
  }, []);
  const name = (id: string) => {
    const v = variants.find((x) => x.id === id);
    return v?.names[locale()] ?? v?.names.en ?? id;
  };
  return (
    <section class="lobby">
      <h1>{t('lobby.title')}</h1>
      <Notice error={error} />
      {GROUPS.map((grp) => {
        const list = (games ?? []).filter((g) => grp.statuses.includes(g.status));
        return (
          <section key={grp.key} aria-labelledby={`g-${grp.key}`} class="group">
            <h2 id={`g-${grp.key}`}>{t(grp.key)}</h2>
            {list.length === 0 ? (
              <p class="empty">{t('lobby.none')}</p>
            ) : (
              <ul class="games">
                {list.map((g) => (
                  <li key={g.id} class="game-card" data-id={g.id}>
                    <a href={href({ screen: 'game', id: g.id, tab: 'main' })}>
                      <bdi>{g.title}</bdi>
                    </a>
                    <span class={`status status-${g.status}`}>{statusLabel(g.status)}</span>
                    <dl>
                      <dt>{t('lobby.rulebook')}</dt>
                      <dd>{name(g.variant)}</dd>
                      <dt class="visually-hidden">{t('game.players')}</dt>
                      <dd>{t('lobby.players', { n: g.players })}</dd>
                      <dt class="visually-hidden">{t('create.zone')}</dt>
                      <dd>{t('lobby.zone', { zone: g.timeZone })}</dd>
                      {g.nextDeadline && (
                        <>
                          <dt class="visually-hidden">{t('console.deadlines')}</dt>
                          <dd>
                            <NextDeadline variant={g.variant} kind={g.nextDeadline.kind} at={g.nextDeadline.at} zone={g.timeZone} />
                          </dd>
                        </>
                      )}
                    </dl>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </section>
  );
}

/** A game's next deadline: its kind by the rulebook's label, its time in the game's zone. */
function NextDeadline({ variant, kind, at, zone }: { readonly variant: string; readonly kind: string; readonly at: number; readonly zone: string }) {
  const rulebook = useRulebook(variant);
  return <>{t('lobby.next', { when: `${deadlineLabel(rulebook, kind)} ${dateTime(at, zone)}` })}</>;
}
