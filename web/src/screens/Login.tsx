// Log in, or sign up with a new name (the same two fields; the server's refusal says which went wrong).
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.ts';
import { t } from '../i18n/i18n.ts';
import { previousHash } from '../route.ts';
import { enter } from '../session.ts';
import { Notice } from '../ui.tsx';

/** The log-in screen; goes back to where the user came from once in. */
export function Login() {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // The reset by mail is offered only where the server sends mail.
  const [mail, setMail] = useState(false);
  useEffect(() => {
    void api.notifyConfig().then(
      (c) => setMail(c.mail),
      () => setMail(false),
    );
  }, []);
  const go = async (signUp: boolean) => {
    setBusy(true);
    try {
      await enter(name.trim(), password, signUp);
      location.hash = previousHash() ?? '#/';
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="login">
      <h1>{t('auth.title')}</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void go(false);
        }}
      >
        <p class="field">
          <label for="login-name">{t('auth.name')}</label>
          <input id="login-name" name="username" autoComplete="username" value={name} onInput={(e) => setName(e.currentTarget.value)} required />
        </p>
        <p class="field">
          <label for="login-password">{t('auth.password')}</label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
            required
          />
        </p>
        <p class="hint">{t('auth.hint')}</p>
        <div class="buttons">
          <button type="submit" disabled={busy}>
            {t('auth.login')}
          </button>
          <button type="button" disabled={busy} onClick={() => void go(true)}>
            {t('auth.signup')}
          </button>
        </div>
        <Notice error={error} />
        {mail && (
          <p>
            <a href="#/forgot">{t('auth.forgot')}</a>
          </p>
        )}
      </form>
    </section>
  );
}
