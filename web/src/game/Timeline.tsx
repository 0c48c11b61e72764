// The game's timeline from GET /api/games/:id/schedule: the open phase, the pending instants (what happens, when in
// the game's zone and the viewer's), and the rulebook's declared day folded below.
import { useEffect, useState } from 'preact/hooks';
import type { ScheduleReply } from '../../../src/protocol/index.ts';
import { call } from '../api/client.ts';
import { localZone, t, timeOfDay } from '../i18n/i18n.ts';

/** The timeline panel; re-read whenever `tick` moves (a live frame). */
export function Timeline({ id, tick }: { readonly id: string; readonly tick: number }) {
  const [s, setS] = useState<ScheduleReply | null>(null);
  useEffect(() => {
    void call<ScheduleReply>('GET', `/api/games/${encodeURIComponent(id)}/schedule`).then(setS, () => setS(null));
  }, [id, tick]);
  if (!s) return null;
  const mine = localZone();
  const what = (instant?: string) => s.declared.instants.find((i) => i.id === instant)?.what;
  return (
    <section class="timeline" aria-labelledby="tl-h">
      <h2 id="tl-h">{t('timeline.title')}</h2>
      {s.phase && <p>{t('timeline.phase', { phase: s.declared.phases.find((p) => p.id === s.phase)?.what ?? s.phase })}</p>}
      <ol>
        {s.next.map((n) => (
          <li key={n.id} data-kind={n.kind}>
            <strong>{what(n.instant) ?? n.kind}</strong>
            <br />
            {timeOfDay(n.at, s.timeZone)} ({s.timeZone}) · {timeOfDay(n.at, mine)}
          </li>
        ))}
      </ol>
      <details>
        <summary>{t('timeline.day')}</summary>
        <ul>
          {s.declared.instants.map((i) => (
            <li key={i.id}>
              <code>{i.when}</code> {i.what}
            </li>
          ))}
        </ul>
        {s.declared.pauses && <p>{s.declared.pauses}</p>}
      </details>
    </section>
  );
}
