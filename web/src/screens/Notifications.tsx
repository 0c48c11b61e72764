// The account's notifications: reminders, the digest, private messages, team chat, mentions and quotes, newest first,
// each leading to its place in the game; the unread ones marked, and read once opened (or all at once).
import { useEffect, useState } from 'preact/hooks';
import { dateTime, t } from '../i18n/i18n.ts';
import { markNoticesRead, notices, onNotices, refreshNotices } from '../notify/notices.ts';
import { noticeHref, noticeText } from '../notify/text.ts';
import { currentAccount } from '../session.ts';
import { Notice } from '../ui.tsx';

/** The notification list. */
export function Notifications() {
  const [, set] = useState(0);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const off = onNotices(() => set((n) => n + 1));
    void refreshNotices();
    return off;
  }, []);
  if (!currentAccount()) return <Notice text={t('notices.login')} />;
  const { items, unread } = notices();
  const run = (f: () => Promise<void>) => f().catch(setError);
  return (
    <section class="notifications" aria-labelledby="n-h">
      <h1 id="n-h">{t('notices.title')}</h1>
      <p class="meta">
        {t('notices.unread', { n: unread })} · <a href="#/settings">{t('nav.settings')}</a>
      </p>
      {unread > 0 && (
        <button type="button" onClick={() => void run(() => markNoticesRead('all'))}>
          {t('notices.readAll')}
        </button>
      )}
      <Notice error={error} />
      {items.length === 0 ? (
        <p>{t('notices.none')}</p>
      ) : (
        <ul class="notice-list">
          {items.map((n) => {
            const { title, body } = noticeText(n);
            return (
              <li key={n.id} class={n.read ? 'read' : 'unread'} data-kind={n.kind}>
                <a href={noticeHref(n)} onClick={() => void (n.read ? undefined : run(() => markNoticesRead([n.id])))}>
                  <strong>
                    <bdi>{title}</bdi>
                  </strong>
                </a>
                <p>
                  <bdi>{body}</bdi>
                </p>
                <time dateTime={new Date(n.at).toISOString()}>{dateTime(n.at)}</time>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
