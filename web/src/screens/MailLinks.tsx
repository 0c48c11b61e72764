// The screens behind the links of the mails: asking for a password reset, setting the new password, verifying an
// address, and stopping reminder mail with one click.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.ts';
import { t } from '../i18n/i18n.ts';
import { Notice } from '../ui.tsx';

/** Asks for a password reset mail (the answer is the same whether or not the account exists). */
export function Forgot() {
  const [login, setLogin] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <section class="login" aria-labelledby="f-h">
      <h1 id="f-h">{t('reset.title')}</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void api.requestReset(login.trim()).then(() => {
            setSent(true);
            setError(null);
          }, setError);
        }}
      >
        <p class="field">
          <label for="f-login">{t('reset.login')}</label>
          <input id="f-login" autoComplete="username" value={login} onInput={(e) => setLogin(e.currentTarget.value)} required />
        </p>
        <div class="buttons">
          <button type="submit">{t('reset.send')}</button>
        </div>
        <Notice error={error} text={sent ? t('reset.sent') : null} />
      </form>
    </section>
  );
}

/** Sets the new password with the link's token. */
export function Reset({ token }: { readonly token: string }) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>(null);
  if (done)
    return (
      <section class="login">
        <h1>{t('reset.done')}</h1>
        <p>
          <a href="#/login">{t('nav.login')}</a>
        </p>
      </section>
    );
  return (
    <section class="login" aria-labelledby="r-h">
      <h1 id="r-h">{t('reset.newTitle')}</h1>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (password !== again) {
            setError(new Error(t('reset.mismatch')));
            return;
          }
          void api.confirmReset(token, password).then(() => setDone(true), setError);
        }}
      >
        <p class="field">
          <label for="r-password">{t('reset.password')}</label>
          <input id="r-password" type="password" autoComplete="new-password" value={password} onInput={(e) => setPassword(e.currentTarget.value)} required />
        </p>
        <p class="field">
          <label for="r-again">{t('reset.again')}</label>
          <input id="r-again" type="password" autoComplete="new-password" value={again} onInput={(e) => setAgain(e.currentTarget.value)} required />
        </p>
        <div class="buttons">
          <button type="submit">{t('reset.set')}</button>
        </div>
        <Notice error={error} />
      </form>
    </section>
  );
}

/** Verifies an address with the link's token (at once: the link itself is the confirmation). */
export function VerifyEmail({ token }: { readonly token: string }) {
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    void api.verifyEmail(token).then((r) => setEmail(r.email), setError);
  }, [token]);
  return (
    <section class="login">
      <h1>{t('verify.title')}</h1>
      <Notice error={error} text={email ? t('verify.done', { email }) : error ? null : '…'} />
      <p>
        <a href="#/settings">{t('nav.settings')}</a>
      </p>
    </section>
  );
}

/** Stops reminder mail for the link's account: one button, so a link scanner opening the page changes nothing. */
export function Unsubscribe({ token }: { readonly token: string }) {
  const [name, setName] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    void api.unsubscribeInfo(token).then((r) => setName(r.name), setError);
  }, [token]);
  return (
    <section class="login">
      <h1>{t('unsubscribe.title')}</h1>
      {name && !done && (
        <>
          <p>{t('unsubscribe.ask', { name })}</p>
          <button type="button" onClick={() => void api.unsubscribe(token).then(() => setDone(true), setError)}>
            {t('unsubscribe.button')}
          </button>
        </>
      )}
      <Notice error={error} text={done ? t('unsubscribe.done') : null} />
    </section>
  );
}
