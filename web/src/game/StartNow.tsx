// The console's "start now": before the moderator starts a game early, the server says what starting now would open
// (GET /api/games/:id/start-preview), and when round 1's first deadline would come very soon the button asks first
// (issue 25 item 9), so a round of twenty minutes is never opened by accident.
import { useState } from 'preact/hooks';
import type { StartPreviewReply } from '../../../src/protocol/index.ts';
import { call } from '../api/client.ts';
import { dateTime, duration, t } from '../i18n/i18n.ts';

/** A round 1 shorter than this is worth a second thought. */
export const SHORT_ROUND_MS = 3 * 3_600_000;

/** The start button: starts at once, or first warns of a very short round 1. */
export function StartNow({ id, zone, onStart }: { readonly id: string; readonly zone: string; readonly onStart: () => void }) {
  const [warn, setWarn] = useState<StartPreviewReply | null>(null);
  const click = async () => {
    const p = await call<StartPreviewReply>('GET', `/api/games/${encodeURIComponent(id)}/start-preview`).catch(() => null);
    if (p?.firstDeadline && p.firstDeadline.at - p.now < SHORT_ROUND_MS) setWarn(p);
    else onStart();
  };
  if (warn?.firstDeadline)
    return (
      <div class="confirm start-warning" role="alert">
        <p>{t('create.shortRound', { left: duration(warn.firstDeadline.at - warn.now), when: dateTime(warn.firstDeadline.at, zone) })}</p>
        <button
          type="button"
          class="danger"
          onClick={() => {
            setWarn(null);
            onStart();
          }}
        >
          {t('create.startAnyway')}
        </button>
        <button type="button" onClick={() => setWarn(null)}>
          {t('action.cancel')}
        </button>
      </div>
    );
  return (
    <button type="button" onClick={() => void click()}>
      {t('console.start')}
    </button>
  );
}
