// Creating a game as its moderator: rulebook, title, language, zone, holiday calendar and start time (local to the
// game's zone); the rulebook's defaults fill the rest. Beside the form, as the choices change: the play days the
// calendar gives from round 1 (POST /api/setup/dates, the server's own check of the same body, so a mistake shows
// before Create) and the balance of the setup for the players expected (POST /api/setup/balance, simulated in the
// server's background: "computing…", then the win rate per side with its interval).
import { useEffect, useState } from 'preact/hooks';
import type { BalanceReply, DatesPreviewReply, VariantsReply } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { gameNow } from '../api/clock.ts';
import { nameOf, useRulebook, whenText } from '../game/labels.ts';
import { LOCALES, list, locale, t } from '../i18n/i18n.ts';
import { href } from '../route.ts';
import { Notice } from '../ui.tsx';
import { localOf } from '../zone.ts';

const PRESETS = ['none', 'GR', 'DE', 'RU'];

/** A holiday calendar's country in the interface language (Intl's region names, not the code). */
function regionName(code: string): string {
  return new Intl.DisplayNames([locale()], { type: 'region' }).of(code) ?? code;
}

/** A game language in the interface language ("Griechisch" in a German interface). */
function languageName(code: string): string {
  const name = new Intl.DisplayNames([locale()], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(locale()) + name.slice(1);
}

/** The create-game form. */
export function Create() {
  const [variants, setVariants] = useState<VariantsReply['variants']>([]);
  const [variant, setVariant] = useState('');
  const [title, setTitle] = useState('');
  const [gameLocale, setGameLocale] = useState<string>(locale());
  const [zone, setZone] = useState('');
  const [preset, setPreset] = useState('none');
  const [start, setStart] = useState('');
  const [players, setPlayers] = useState(9);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    void api.variants().then((r) => {
      setVariants(r.variants);
      const v = r.variants[0];
      if (v) pick(v.id, r.variants);
    }, setError);
  }, []);
  const pick = (id: string, list = variants) => {
    setVariant(id);
    const v = list.find((x) => x.id === id);
    if (v) {
      setZone(v.defaultTimeZone);
      setStart(localOf(gameNow() + 3_600_000, v.defaultTimeZone));
      setPlayers((n) => Math.min(v.maxPlayers, Math.max(v.minPlayers, n)));
    }
  };
  const v = variants.find((x) => x.id === variant);
  const setup = { variant, ...(title.trim() ? { title: title.trim() } : {}), locale: gameLocale, timeZone: zone, calendar: { preset }, startAt: start };
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      const g = await api.createGame(setup);
      location.hash = href({ screen: 'game', id: g.id, tab: 'console' });
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section class="create">
      <h1>{t('create.title')}</h1>
      <div class="create-body">
        <form onSubmit={submit}>
          <p class="field">
            <label for="c-variant">{t('create.variant')}</label>
            <select id="c-variant" value={variant} onChange={(e) => pick(e.currentTarget.value)}>
              {variants.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.names[locale()] ?? x.names.en ?? x.id}
                </option>
              ))}
            </select>
            {v && <small>{t('create.players', { min: v.minPlayers, max: v.maxPlayers })}</small>}
          </p>
          <p class="field">
            <label for="c-title">{t('create.name')}</label>
            <input id="c-title" value={title} onInput={(e) => setTitle(e.currentTarget.value)} maxLength={120} />
          </p>
          <p class="field">
            <label for="c-locale">{t('create.locale')}</label>
            <select id="c-locale" value={gameLocale} onChange={(e) => setGameLocale(e.currentTarget.value)}>
              {LOCALES.map((l) => (
                <option key={l} value={l}>
                  {languageName(l)}
                </option>
              ))}
            </select>
          </p>
          <p class="field">
            <label for="c-zone">{t('create.zone')}</label>
            <input id="c-zone" value={zone} onInput={(e) => setZone(e.currentTarget.value)} />
          </p>
          <p class="field">
            <label for="c-preset">{t('create.preset')}</label>
            <select id="c-preset" value={preset} onChange={(e) => setPreset(e.currentTarget.value)}>
              {PRESETS.map((p) => (
                <option key={p} value={p}>
                  {p === 'none' ? t('create.presetNone') : regionName(p)}
                </option>
              ))}
            </select>
          </p>
          <p class="field">
            <label for="c-start">{t('create.start')}</label>
            <input id="c-start" type="datetime-local" value={start} onInput={(e) => setStart(e.currentTarget.value)} required />
          </p>
          {v && (
            <p class="field">
              <label for="c-players">{t('create.expected')}</label>
              <input
                id="c-players"
                type="number"
                min={v.minPlayers}
                max={v.maxPlayers}
                value={players}
                onInput={(e) => {
                  const n = Number(e.currentTarget.value);
                  if (Number.isInteger(n)) setPlayers(n);
                }}
              />
            </p>
          )}
          <button type="submit">{t('create.submit')}</button>
          <Notice error={error} />
        </form>
        {variant && start && (
          <aside class="create-preview" aria-label={t('create.dates')}>
            <DatesPreview setup={setup} variant={variant} gameLocale={gameLocale} />
            {v && players >= v.minPlayers && players <= v.maxPlayers && <BalancePreview variant={variant} players={players} />}
          </aside>
        )}
      </div>
    </section>
  );
}

/** Calls `f` once the value (as JSON) has stayed the same for `ms`: a preview follows typing without a request a key. */
function useSettled<T>(value: T, ms: number, f: (v: T, stale: () => boolean) => void): void {
  const key = JSON.stringify(value);
  useEffect(() => {
    let stale = false;
    const h = setTimeout(() => f(value, () => stale), ms);
    return () => {
      stale = true;
      clearTimeout(h);
    };
  }, [key]);
}

/** A plain date (YYYY-MM-DD) in the interface language, with its weekday. */
function day(date: string): string {
  return new Intl.DateTimeFormat(locale(), { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(Date.parse(`${date}T12:00:00Z`));
}

/** The play days from round 1 the server computes for the form's setup, or why it refuses the setup. */
function DatesPreview({ setup, variant, gameLocale }: { readonly setup: Record<string, unknown>; readonly variant: string; readonly gameLocale: string }) {
  const rulebook = useRulebook(variant);
  // The declared day is the rulebook's text in the game's language, or in English where it has none in that one.
  const lang = rulebook && !rulebook.locales.includes(gameLocale) ? 'en' : gameLocale;
  // The play days with the rulebook and language they were read for: another rulebook's never shows under this one.
  const [read, setDates] = useState<(DatesPreviewReply & { readonly key: string }) | null>(null);
  const key = `${variant}\u0000${gameLocale}`;
  const dates = read?.key === key ? read : null;
  const [error, setError] = useState<unknown>(null);
  useSettled(setup, 250, (body, stale) => {
    void api.previewDates({ ...body, days: 7 }).then(
      (r) => {
        if (stale()) return;
        setDates({ ...r, key: `${String(body.variant)}\u0000${String(body.locale)}` });
        setError(null);
      },
      (e) => {
        if (stale()) return;
        setDates(null);
        setError(e);
      },
    );
  });
  return (
    <section class="preview-dates" aria-labelledby="pv-dates">
      <h2 id="pv-dates">{t('create.dates')}</h2>
      <Notice error={error} />
      {dates && (
        <>
          <ol>
            {dates.playDays.map((d) => (
              <li key={d.date} data-date={d.date}>
                <time dateTime={d.date}>{day(d.date)}</time>
              </li>
            ))}
          </ol>
          {dates.skipped.length > 0 && (
            <p class="skipped">{t('create.skipped', { n: dates.skipped.length, dates: list(dates.skipped.map((x) => day(x.date))) })}</p>
          )}
          <ul class="instants">
            {dates.instants.map((i) => (
              <li key={`${i.when} ${i.what}`}>
                <strong>{whenText(rulebook, i.at)}</strong> <span lang={lang}>{i.what}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The simulator's balance of the rulebook's deal for `players`: "computing…" until it arrives. */
function BalancePreview({ variant, players }: { readonly variant: string; readonly players: number }) {
  // The balance with the rulebook it was computed for: another rulebook's never shows under this one's names.
  const [computed, setBalance] = useState<(BalanceReply & { readonly variant: string }) | null>(null);
  const balance = computed?.variant === variant ? computed : null;
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useSettled({ variant, players }, 400, (body, stale) => {
    setBusy(true);
    setBalance(null);
    setError(null);
    void api.balance(body).then(
      (r) => {
        if (stale()) return;
        setBalance({ ...r, variant: body.variant });
        setBusy(false);
      },
      (e) => {
        if (stale()) return;
        setError(e);
        setBusy(false);
      },
    );
  });
  const rulebook = useRulebook(variant);
  const pct = (x: number) => new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 0 }).format(x);
  return (
    <section class="preview-balance" aria-labelledby="pv-balance" aria-busy={busy}>
      <h2 id="pv-balance">{t('create.balance')}</h2>
      {busy && <p role="status">{t('create.computing')}</p>}
      <Notice error={error} />
      {balance && (
        <>
          <ul>
            {balance.sides.map((s) => (
              <li key={s.side} class="side" data-side={s.side}>
                {t('create.side', { side: nameOf(rulebook, 'side', s.side), rate: pct(s.rate), lo: pct(s.lo), hi: pct(s.hi) })}
              </li>
            ))}
          </ul>
          <p class="games">
            {t('create.games', { n: balance.games })} · {list(Object.entries(balance.roles).map(([r, n]) => `${n} × ${nameOf(rulebook, 'role', r)}`))}
          </p>
        </>
      )}
    </section>
  );
}
