// The page: a skip link, the header (games, new game, language, who is logged in, whether the live connection is
// up) and the screen of the current hash route. Changing the language or the session re-renders everything.
import { useEffect, useState } from 'preact/hooks';
import { live } from './api/live.ts';
import { LOCALE_NAMES, LOCALES, type Locale, locale, onLocale, setLocale, t } from './i18n/i18n.ts';
import { notices, onNotices, startNotices, stopNotices } from './notify/notices.ts';
import { noteHash, parseRoute } from './route.ts';
import { Create } from './screens/Create.tsx';
import { GameScreen } from './screens/Game.tsx';
import { Lobby } from './screens/Lobby.tsx';
import { Login } from './screens/Login.tsx';
import { Forgot, Reset, Unsubscribe, VerifyEmail } from './screens/MailLinks.tsx';
import { Notifications } from './screens/Notifications.tsx';
import { Settings } from './screens/Settings.tsx';
import { currentAccount, leave, onSession } from './session.ts';

function useRerender(subscribe: (f: () => void) => () => void): void {
  const [, set] = useState(0);
  useEffect(() => subscribe(() => set((n) => n + 1)), []);
}

/** The whole app. */
export function App() {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  const [up, setUp] = useState(live.up);
  useRerender(onLocale);
  useRerender(onSession);
  useRerender(onNotices);
  useEffect(() => {
    const f = () => {
      noteHash(location.hash);
      setRoute(parseRoute(location.hash));
    };
    addEventListener('hashchange', f);
    // The hash may have changed between the first render and this effect.
    f();
    const off = live.onStatus(setUp);
    return () => {
      removeEventListener('hashchange', f);
      off();
    };
  }, []);
  const account = currentAccount();
  // The notification list follows the session: asked for while someone is logged in.
  useEffect(() => (account ? startNotices() : stopNotices()), [account?.id]);
  const unread = notices().unread;
  return (
    <>
      <button type="button" class="skip" onClick={() => document.getElementById('main')?.focus()}>
        {t('app.skip')}
      </button>
      <header class="top">
        <a class="brand" href="#/">
          {t('app.name')}
        </a>
        <nav aria-label={t('app.name')}>
          <a href="#/">{t('nav.lobby')}</a>
          {account && <a href="#/new">{t('nav.create')}</a>}
        </nav>
        <div class="who">
          <label for="lang" class="visually-hidden">
            {t('nav.language')}
          </label>
          <select id="lang" value={locale()} onChange={(e) => setLocale(e.currentTarget.value as Locale)}>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
          {route.screen === 'game' && (
            <span class={`live ${up ? 'up' : 'down'}`} role="status">
              {up ? t('live.online') : t('live.offline')}
            </span>
          )}
          {account ? (
            <>
              <a href="#/notifications" class={`bell${unread > 0 ? ' has-unread' : ''}`} data-testid="bell" aria-label={t('nav.notifications', { n: unread })}>
                <svg class="bell-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path
                    fill="currentColor"
                    d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
                  />
                </svg>
                {unread > 0 && (
                  <span class="count" aria-hidden="true">
                    {unread}
                  </span>
                )}
              </a>
              <a href="#/settings">{t('nav.settings')}</a>
              <span class="me">{t('nav.signedInAs', { name: account.name })}</span>
              <button type="button" onClick={() => void leave()}>
                {t('nav.logout')}
              </button>
            </>
          ) : (
            <a href="#/login">{t('nav.login')}</a>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {route.screen === 'lobby' && <Lobby />}
        {route.screen === 'login' && <Login />}
        {route.screen === 'create' && <Create />}
        {route.screen === 'game' && <GameScreen id={route.id} tab={route.tab} post={route.post} player={route.player} />}
        {route.screen === 'notifications' && <Notifications />}
        {route.screen === 'settings' && <Settings />}
        {route.screen === 'forgot' && <Forgot />}
        {route.screen === 'reset' && <Reset token={route.token} />}
        {route.screen === 'verify-email' && <VerifyEmail token={route.token} />}
        {route.screen === 'unsubscribe' && <Unsubscribe token={route.token} />}
      </main>
    </>
  );
}
