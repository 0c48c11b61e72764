// The account's notification settings: the language of mail and push, browser notifications (the permission, this
// device's push subscription), the e-mail address with its verification and reminder mail (only where the server
// sends mail at all), and the muted games.
import { useEffect, useState } from 'preact/hooks';
import type { GameSummary, NotifySettingsReply } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { LOCALE_NAMES, LOCALES, locale, t } from '../i18n/i18n.ts';
import { currentState, disablePush, type Enabled, enableNotifications, notificationsSupported } from '../notify/push.ts';
import { currentAccount } from '../session.ts';
import { Notice } from '../ui.tsx';

/** The settings screen. */
export function Settings() {
  const [s, setS] = useState<NotifySettingsReply | null>(null);
  const [games, setGames] = useState<readonly GameSummary[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [browser, setBrowser] = useState<Enabled | 'default' | null>(null);
  useEffect(() => {
    if (!currentAccount()) return;
    void api.notifySettings().then(async (r) => {
      // An account that never chose a language for its mail gets the interface's.
      const x = r.locale ? r : await api.saveNotifySettings({ locale: locale() });
      setS(x);
      setEmail(x.email ?? '');
    }, setError);
    void api.games().then((r) => setGames(r.games.filter((g) => g.status !== 'ended' && g.status !== 'cancelled')), setError);
    if (notificationsSupported()) void currentState().then(setBrowser, () => setBrowser('default'));
  }, []);
  if (!currentAccount()) return <Notice text={t('notices.login')} />;
  if (!s) return <Notice error={error} text={error ? null : '…'} />;
  const run = async (f: () => Promise<NotifySettingsReply | undefined>, message: string) => {
    try {
      const r = await f();
      if (r) setS(r);
      setError(null);
      setDone(message);
    } catch (e) {
      setError(e);
      setDone(null);
    }
  };
  const prefs = (p: Partial<NotifySettingsReply['prefs']>) => run(() => api.saveNotifySettings({ prefs: p }), t('settings.saved'));
  const browserText = {
    push: t('settings.browserPush'),
    'page-only': t('settings.browserPage'),
    denied: t('settings.browserDenied'),
    default: t('settings.browserOff'),
  };
  const mute = (id: string, on: boolean) => prefs({ muted: on ? [...s.prefs.muted, id] : s.prefs.muted.filter((x) => x !== id) });
  return (
    <section class="settings" aria-labelledby="s-h">
      <h1 id="s-h">{t('settings.title')}</h1>
      <Notice error={error} text={done} />
      <section aria-labelledby="s-lang">
        <h2 id="s-lang">{t('settings.language')}</h2>
        <label for="s-locale">{t('settings.languageHint')}</label>
        <select
          id="s-locale"
          value={s.locale ?? locale()}
          onChange={(e) => void run(() => api.saveNotifySettings({ locale: e.currentTarget.value }), t('settings.saved'))}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
      </section>
      <section aria-labelledby="s-browser">
        <h2 id="s-browser">{t('settings.browser')}</h2>
        {browser === null ? (
          <p>{t('settings.browserUnsupported')}</p>
        ) : (
          <>
            <p data-testid="browser-state">{browserText[browser]}</p>
            <div class="buttons">
              {browser !== 'push' && browser !== 'denied' && (
                <button type="button" onClick={() => void enableNotifications(s.push.publicKey).then(setBrowser, setError)}>
                  {t('settings.browserEnable')}
                </button>
              )}
              {browser === 'push' && (
                <button type="button" onClick={() => void disablePush().then(() => setBrowser('page-only'), setError)}>
                  {t('settings.browserDisable')}
                </button>
              )}
            </div>
          </>
        )}
        <p class="field check">
          <input id="s-push" type="checkbox" checked={s.prefs.push} onChange={(e) => void prefs({ push: e.currentTarget.checked })} />
          <label for="s-push">{t('settings.push')}</label>
        </p>
      </section>
      {s.mail && (
        <section aria-labelledby="s-mail">
          <h2 id="s-mail">{t('settings.mail')}</h2>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void run(() => api.setEmail(email.trim()), t('settings.mailSent'));
            }}
          >
            <p class="field">
              <label for="s-email">{t('settings.address')}</label>
              <input id="s-email" type="email" autoComplete="email" value={email} onInput={(e) => setEmail(e.currentTarget.value)} required />
            </p>
            <p data-testid="mail-state">
              {s.email ? (s.verified ? t('settings.verified', { email: s.email }) : t('settings.unverified', { email: s.email })) : t('settings.noAddress')}
            </p>
            <div class="buttons">
              <button type="submit">{t('settings.verify')}</button>
              {s.email && (
                <button type="button" onClick={() => void run(() => api.removeEmail(), t('settings.saved'))}>
                  {t('settings.remove')}
                </button>
              )}
            </div>
          </form>
          <p class="field check">
            <input id="s-mailon" type="checkbox" checked={s.prefs.mail} onChange={(e) => void prefs({ mail: e.currentTarget.checked })} />
            <label for="s-mailon">{t('settings.mailReminders')}</label>
          </p>
        </section>
      )}
      <section aria-labelledby="s-mute">
        <h2 id="s-mute">{t('settings.muted')}</h2>
        {games.length === 0 ? (
          <p>{t('lobby.none')}</p>
        ) : (
          <ul class="mutes">
            {games.map((g) => (
              <li key={g.id} class="field check">
                <input id={`mute-${g.id}`} type="checkbox" checked={s.prefs.muted.includes(g.id)} onChange={(e) => void mute(g.id, e.currentTarget.checked)} />
                <label for={`mute-${g.id}`}>
                  {t('settings.muteGame')} <bdi>{g.title}</bdi>
                </label>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
