// Creating a game as its moderator: rulebook, title, language, zone, holiday calendar and start time (local to the
// game's zone); the rulebook's defaults fill the rest. Beside the form, as the choices change: the play days the
// calendar gives from round 1 (POST /api/setup/dates, the server's own check of the same body, so a mistake shows
// before Create) and the balance of the setup for the players expected (POST /api/setup/balance, simulated in the
// server's background: "computing…", then the win rate per side with its interval).
import { useEffect, useState } from 'preact/hooks';
import type { BalanceReply, DatesPreviewReply, MessageTablesReply, VariantsReply } from '../../../src/protocol/index.ts';
import { ApiError, api, call } from '../api/client.ts';
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
  // The deal: null is the rulebook's for the players expected (`base`, as the balance reports it); a changed one is
  // sent as the game's role list, so the balance always describes the deal the game will use.
  const [deal, setDeal] = useState<Readonly<Record<string, number>> | null>(null);
  const [base, setBase] = useState<Readonly<Record<string, number>> | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [previewError, setPreviewError] = useState<unknown>(null);
  useEffect(() => {
    void api.variants().then((r) => {
      setVariants(r.variants);
      const v = r.variants[0];
      if (v) pick(v.id, r.variants);
    }, setError);
  }, []);
  const pick = (id: string, list = variants) => {
    setVariant(id);
    setDeal(null);
    setBase(null);
    const v = list.find((x) => x.id === id);
    if (v) {
      setZone(v.defaultTimeZone);
      setStart(localOf(gameNow() + 3_600_000, v.defaultTimeZone));
      setPlayers((n) => Math.min(v.maxPlayers, Math.max(v.minPlayers, n)));
    }
  };
  const v = variants.find((x) => x.id === variant);
  const roleList = deal ? Object.entries(deal).flatMap(([r, n]) => Array<string>(n).fill(r)) : undefined;
  const dealt = roleList ? roleList.length : players;
  // Round 1's date and the game number are left to the rulebook and the server ("auto"): the defaults make a game.
  const setup = {
    variant,
    ...(title.trim() ? { title: title.trim() } : {}),
    locale: gameLocale,
    timeZone: zone,
    calendar: { preset },
    startAt: start,
    firstRoundDate: 'auto',
    gameNumber: 'auto',
    ...(roleList ? { roleList } : {}),
  };
  // The field at fault, from the last Create or from the preview's check of the same body, is marked invalid.
  const bad = fieldOf(error) ?? fieldOf(previewError);
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
            <input id="c-title" value={title} onInput={(e) => setTitle(e.currentTarget.value)} maxLength={120} aria-invalid={bad === 'title' || undefined} />
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
            <input id="c-zone" value={zone} onInput={(e) => setZone(e.currentTarget.value)} aria-invalid={bad === 'zone' || undefined} />
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
            <input
              id="c-start"
              type="datetime-local"
              value={start}
              onInput={(e) => setStart(e.currentTarget.value)}
              required
              aria-invalid={bad === 'start' || undefined}
            />
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
          <SetupNotice error={error} />
        </form>
        {variant && start && (
          <aside class="create-preview" aria-label={t('create.dates')}>
            <DatesPreview setup={setup} variant={variant} gameLocale={gameLocale} onProblem={setPreviewError} />
            {v && dealt >= v.minPlayers && dealt <= v.maxPlayers && (
              <BalancePreview variant={variant} players={dealt} roleList={roleList} onRoles={(r) => !roleList && setBase(r)} />
            )}
            {v?.dealFromList && (deal ?? base) && (
              <DealEditor
                variant={variant}
                roles={v.roles}
                counts={deal ?? base!}
                changed={deal !== null}
                onChange={(next) => setDeal(next)}
                onReset={() => setDeal(null)}
              />
            )}
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
function DatesPreview({
  setup,
  variant,
  gameLocale,
  onProblem,
}: {
  readonly setup: Record<string, unknown>;
  readonly variant: string;
  readonly gameLocale: string;
  readonly onProblem: (e: unknown) => void;
}) {
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
        onProblem(null);
      },
      (e) => {
        if (stale()) return;
        setDates(null);
        setError(e);
        onProblem(e);
      },
    );
  });
  return (
    <section class="preview-dates" aria-labelledby="pv-dates">
      <h2 id="pv-dates">{t('create.dates')}</h2>
      <SetupNotice error={error} />
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
function BalancePreview({
  variant,
  players,
  roleList,
  onRoles,
}: {
  readonly variant: string;
  readonly players: number;
  readonly roleList: readonly string[] | undefined;
  readonly onRoles: (roles: Readonly<Record<string, number>>) => void;
}) {
  // The balance with the rulebook it was computed for: another rulebook's never shows under this one's names.
  const [computed, setBalance] = useState<(BalanceReply & { readonly variant: string }) | null>(null);
  const balance = computed?.variant === variant ? computed : null;
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useSettled({ variant, players, ...(roleList ? { roleList: [...roleList] } : {}) }, 400, (body, stale) => {
    setBusy(true);
    setBalance(null);
    setError(null);
    void api.balance(body).then(
      (r) => {
        if (stale()) return;
        setBalance({ ...r, variant: body.variant });
        setBusy(false);
        onRoles(r.roles);
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

/** The form's field a create request's field belongs to (the request's own names, as the server reports them). */
const FIELD: Readonly<Record<string, 'variant' | 'title' | 'locale' | 'zone' | 'preset' | 'start'>> = {
  variant: 'variant',
  title: 'title',
  gameNumber: 'title',
  locale: 'locale',
  timeZone: 'zone',
  calendar: 'preset',
  startAt: 'start',
  signupDeadline: 'start',
  firstRoundDate: 'start',
};
const FIELD_LABEL = {
  variant: 'create.variant',
  title: 'create.name',
  locale: 'create.locale',
  zone: 'create.zone',
  preset: 'create.preset',
  start: 'create.start',
} as const;
/** The reasons the form says in its reader's language (others show the server's text). */
const REASONS = {
  zone: 'create.problem.zone',
  time: 'create.problem.time',
  past: 'create.problem.past',
  calendar: 'create.problem.calendar',
  round1Pause: 'create.problem.round1Pause',
  round1Late: 'create.problem.round1Late',
  number: 'create.problem.number',
  pauseDate: 'create.problem.pauseDate',
  noDay1: 'create.problem.noDay1',
  day: 'create.problem.day',
  deal: 'create.problem.deal',
} as const;

/** A refused setup's details: the request field at fault, the reason and its parameters. */
function detailsOf(e: unknown): { field: string; reason: string; params: Record<string, string> } | null {
  if (!(e instanceof ApiError) || e.code !== 'game.invalid_config') return null;
  const d = e.details as { field?: unknown; reason?: unknown; params?: unknown } | undefined;
  if (typeof d?.field !== 'string' || typeof d.reason !== 'string') return null;
  return { field: d.field, reason: d.reason, params: (d.params ?? {}) as Record<string, string> };
}

/** The form's field a refusal is about, if any. */
function fieldOf(e: unknown): string | undefined {
  const d = detailsOf(e);
  return d ? FIELD[d.field] : undefined;
}

/** A refused setup as the reader reads it: the form's field by its label, then why, in the reader's language. */
export function setupErrorText(e: unknown): string | null {
  const d = detailsOf(e);
  if (!d) return null;
  const field = FIELD[d.field];
  const key = (REASONS as Record<string, (typeof REASONS)[keyof typeof REASONS] | undefined>)[d.reason];
  const text = key ? t(key, d.params) : (e as ApiError).message;
  return field ? t('create.problem', { field: t(FIELD_LABEL[field]).replace(/\s*\(.*\)$/, ''), text }) : text;
}

/** An error of the create form: a refused setup names the form's field; any other error as every screen shows it. */
function SetupNotice({ error }: { readonly error: unknown }) {
  const text = setupErrorText(error);
  if (!text) return <Notice error={error} />;
  return (
    <p class="notice error" role="alert" data-field={fieldOf(error)}>
      {text}
    </p>
  );
}

/** The rulebook's role names in the reader's language (its message tables), by role id. */
function useRoleNames(variant: string): Readonly<Record<string, string>> {
  const [names, setNames] = useState<Readonly<Record<string, string>>>({});
  const lang = locale();
  useEffect(() => {
    let stale = false;
    void call<MessageTablesReply>('GET', `/api/variants/${encodeURIComponent(variant)}/texts?locale=${lang}`).then(
      (r) => !stale && setNames(Object.fromEntries(r.roles.map((x) => [x.id, x.names[lang] ?? x.names.en ?? x.id]))),
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [variant, lang]);
  return names;
}

/**
 * The deal, changeable within the rulebook's limits: a count per role, starting at the rulebook's deal for the players
 * expected. A changed deal is the game's role list (the server checks it as it checks any), so the game then needs
 * exactly as many players as it has roles.
 */
function DealEditor({
  variant,
  roles,
  counts,
  changed,
  onChange,
  onReset,
}: {
  readonly variant: string;
  readonly roles: readonly string[];
  readonly counts: Readonly<Record<string, number>>;
  readonly changed: boolean;
  readonly onChange: (next: Readonly<Record<string, number>>) => void;
  readonly onReset: () => void;
}) {
  const names = useRoleNames(variant);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const ids = [...Object.keys(counts), ...roles.filter((r) => !(r in counts))];
  return (
    <fieldset class="deal">
      <legend>{t('create.deal')}</legend>
      <p>{changed ? t('create.dealExact', { n: total }) : t('create.dealFor', { n: total })}</p>
      {ids.map((r) => (
        <p key={r} class="field" data-role={r}>
          <label for={`c-deal-${r}`}>{names[r] ?? r}</label>
          <input
            id={`c-deal-${r}`}
            type="number"
            min={0}
            max={100}
            value={counts[r] ?? 0}
            onInput={(e) => {
              const n = Number(e.currentTarget.value);
              if (Number.isInteger(n) && n >= 0) onChange({ ...counts, [r]: n });
            }}
          />
        </p>
      ))}
      {changed && (
        <button type="button" onClick={onReset}>
          {t('create.dealReset')}
        </button>
      )}
    </fieldset>
  );
}
