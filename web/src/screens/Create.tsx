// Creating a game as its moderator: rulebook, title, language, zone, holiday calendar and start time (local to the
// game's zone); the rulebook's defaults fill the rest.
import { useEffect, useState } from 'preact/hooks';
import type { VariantsReply } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { gameNow } from '../api/clock.ts';
import { LOCALE_NAMES, LOCALES, locale, t } from '../i18n/i18n.ts';
import { href } from '../route.ts';
import { Notice } from '../ui.tsx';
import { localOf } from '../zone.ts';

const PRESETS = ['none', 'GR', 'DE', 'RU'];

/** The create-game form. */
export function Create() {
  const [variants, setVariants] = useState<VariantsReply['variants']>([]);
  const [variant, setVariant] = useState('');
  const [title, setTitle] = useState('');
  const [gameLocale, setGameLocale] = useState<string>(locale());
  const [zone, setZone] = useState('');
  const [preset, setPreset] = useState('none');
  const [start, setStart] = useState('');
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
    }
  };
  const v = variants.find((x) => x.id === variant);
  const submit = async (e: Event) => {
    e.preventDefault();
    try {
      const g = await api.createGame({
        variant,
        ...(title.trim() ? { title: title.trim() } : {}),
        locale: gameLocale,
        timeZone: zone,
        calendar: { preset },
        startAt: start,
      });
      location.hash = href({ screen: 'game', id: g.id, tab: 'console' });
    } catch (err) {
      setError(err);
    }
  };
  return (
    <section class="create">
      <h1>{t('create.title')}</h1>
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
                {LOCALE_NAMES[l]}
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
                {p}
              </option>
            ))}
          </select>
        </p>
        <p class="field">
          <label for="c-start">{t('create.start')}</label>
          <input id="c-start" type="datetime-local" value={start} onInput={(e) => setStart(e.currentTarget.value)} required />
        </p>
        <button type="submit">{t('create.submit')}</button>
        <Notice error={error} />
      </form>
    </section>
  );
}
