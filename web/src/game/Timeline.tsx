// The game's timeline from GET /api/games/:id/schedule: the open phase with its number, the pending instants (what
// happens, when in the game's zone and, where it is another, the viewer's), and the rulebook's declared day folded
// below. Labels come from the rulebook's tables in the reader's language; the rulebook's own descriptions are read
// in the reader's language where the rulebook is written in it, else in the game's (marked with that `lang`).
import { useEffect, useState } from 'preact/hooks';
import type { ScheduleReply } from '../../../src/protocol/index.ts';
import { call } from '../api/client.ts';
import { t } from '../i18n/i18n.ts';
import { deadlineLabel, labelOf, rulebookLang, useRulebook, whenText } from './labels.ts';
import { zonedTime } from './Panels.tsx';

/** The timeline panel; re-read whenever `tick` moves (a live frame). */
export function Timeline({
  id,
  tick,
  variant,
  gameLocale,
}: {
  readonly id: string;
  readonly tick: number;
  readonly variant: string;
  readonly gameLocale: string;
}) {
  const rulebook = useRulebook(variant);
  const lang = rulebook ? rulebookLang(rulebook, gameLocale) : null;
  // The schedule with the game and language it was read for: another game's never shows under this one's labels.
  const [read, setS] = useState<{ key: string; reply: ScheduleReply } | null>(null);
  const key = `${id}\u0000${lang}`;
  useEffect(() => {
    if (lang === null) return;
    void call<ScheduleReply>('GET', `/api/games/${encodeURIComponent(id)}/schedule?locale=${lang}`).then(
      (reply) => setS({ key, reply }),
      () => setS(null),
    );
  }, [id, tick, lang]);
  const s = read?.key === key ? read.reply : null;
  if (!s || !rulebook || lang === null) return null;
  const what = (instant?: string) => s.declared.instants.find((i) => i.id === instant)?.what;
  const round = s.next.find((n) => n.round !== undefined)?.round;
  return (
    <section class="timeline" aria-labelledby="tl-h">
      <h2 id="tl-h">{t('timeline.title')}</h2>
      {s.phase && <p>{t('timeline.phase', { phase: labelOf(rulebook, `phase.${s.phase}`, { n: round ?? 1 }, 'phase.other') })}</p>}
      <ol>
        {s.next.map((n) => (
          <li key={n.id} data-kind={n.kind}>
            <strong>{deadlineLabel(rulebook, n.kind)}</strong>
            {what(n.instant) && (
              <>
                {' '}
                <span lang={lang}>({what(n.instant)})</span>
              </>
            )}
            <br />
            {zonedTime(n.at, s.timeZone)}
          </li>
        ))}
      </ol>
      <details>
        <summary>{t('timeline.day')}</summary>
        <ul>
          {s.declared.instants.map((i) => (
            <li key={i.id}>
              <strong>{whenText(rulebook, i.at)}</strong> <span lang={lang}>{i.what}</span>
            </li>
          ))}
        </ul>
        {s.declared.pauses && <p lang={lang}>{s.declared.pauses}</p>}
      </details>
    </section>
  );
}
