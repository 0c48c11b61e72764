// Two switches beside a game's tabs: mute the whole game's notifications, or only the channel being read (its posts'
// mentions and quotes, its chat, the reminders of actions taken there; the inbox: private messages and PM orders).
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/client.ts';
import { t } from '../i18n/i18n.ts';

/** The mute switches of a game and one of its channels (none for the console). */
export function MuteToggle({ game, channel }: { readonly game: string; readonly channel: string | null }) {
  const [muted, setMuted] = useState<readonly string[] | null>(null);
  useEffect(() => {
    void api.notifySettings().then(
      (s) => setMuted(s.prefs.muted),
      () => setMuted(null),
    );
  }, [game]);
  if (!muted) return null;
  const toggle = (key: string, on: boolean) =>
    void api.saveNotifySettings({ prefs: { muted: on ? [...muted, key] : muted.filter((x) => x !== key) } }).then((s) => setMuted(s.prefs.muted));
  const channelKey = channel ? `${game}/${channel}` : null;
  return (
    <div class="mute">
      <span class="field check">
        <input id="mute-game" type="checkbox" checked={muted.includes(game)} onChange={(e) => toggle(game, e.currentTarget.checked)} />
        <label for="mute-game">{t('mute.game')}</label>
      </span>
      {channelKey && !muted.includes(game) && (
        <span class="field check">
          <input id="mute-channel" type="checkbox" checked={muted.includes(channelKey)} onChange={(e) => toggle(channelKey, e.currentTarget.checked)} />
          <label for="mute-channel">{t('mute.channel')}</label>
        </span>
      )}
    </div>
  );
}
