// Forms built from the server's legal actions, for every rulebook alike: one per action open now, named by the
// keyword the game's role messages teach («ΔΟΛΟΦΟΝΙΑ:», "Stimme:"), one field per argument in the order the line
// writes them (a player among exactly the targets the engine derived, a choice among its values, a text), its
// closing time, and the line it sends. Nothing is chosen for the player: every choice starts empty and the form
// sends only when each required argument is filled. An action that cannot be replaced or undone (an outing, a card,
// last words, a suicide, a court verdict) asks to confirm first; a reversible one (a vote) is sent at once.
import { useContext, useState } from 'preact/hooks';
import type { ActionsReply, ChannelInfo as Channel, CommandReply } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import type { MessageKey } from '../i18n/en.ts';
import { dateTime, t } from '../i18n/i18n.ts';
import { Notice, ReplyView } from '../ui.tsx';
import { GameLang } from './labels.ts';

/** One legal action. */
export type LegalAction = ActionsReply['actions'][number];
/** One argument of a legal action. */
type Param = LegalAction['params'][number];

/** The line an action sends with these values; an empty optional argument is left out with its separator. */
export function fillLine(action: LegalAction, values: Readonly<Record<string, string>>): string {
  let line = action.line;
  const value = (key: string) => (values[key] ?? '').trim();
  // Empty optional slots go first, each with the separator before it ("Kill: {target} BY {executor}" → "Kill: {target}").
  for (const p of action.params) {
    if (p.optional && value(p.key) === '') line = line.replace(new RegExp(`(?<=\\})[^{}]*\\{${p.key}\\}`), '').replace(`{${p.key}}`, '');
  }
  for (const p of action.params) line = line.replace(`{${p.key}}`, value(p.key));
  return line.trim();
}

/** Whether every required argument has a value the form offers (a target no longer legal counts as none). */
export function complete(action: LegalAction, values: Readonly<Record<string, string>>): boolean {
  return action.params.every((p) => p.optional || offered(p, values) !== '');
}

/** The value of an argument as the form sends it: a player's or choice's only while it is still offered. */
function offered(p: Param, values: Readonly<Record<string, string>>): string {
  const v = values[p.key] ?? '';
  if (p.kind === 'player') return p.targets.some((x) => x.name === v) ? v : '';
  if (p.kind === 'choice') return p.values.includes(v) ? v : '';
  return v;
}

/** The action's title: its keyword as the game teaches it, or for a whole text (last words) that text's name. */
function titleOf(a: LegalAction): string {
  if (a.keyword !== '') return a.keyword;
  const free = /^<([^<>]+)>$/.exec(a.template);
  if (free) return free[1]!;
  return a.params.find((p) => p.label)?.label ?? a.line.replace(/\s*\{\w+\}/g, ' …').trim();
}

const KIND_LABEL: Readonly<Record<Param['kind'], MessageKey>> = { player: 'action.target', choice: 'action.choice', text: 'action.text' };
/** The one argument key the interface names itself (a template's `{pseudonym}` slot, from a rulebook not declared yet). */
const KEY_LABEL: Readonly<Record<string, MessageKey | undefined>> = { pseudonym: 'action.pseudonym' };

/** The forms of the given actions; each sends its line where the action goes (a post in the thread, a PM). */
export function ActionForms({
  actions,
  channels,
  zone,
  onDone,
}: {
  readonly actions: readonly LegalAction[];
  readonly channels: readonly Channel[];
  readonly zone: string;
  readonly onDone: () => void;
}) {
  // The last reply is kept here, not in its form: an action that was used up (last words) leaves the list with it.
  const [last, setLast] = useState<{ n: number; reply: CommandReply } | null>(null);
  const replied = (reply: CommandReply) => {
    setLast((x) => ({ n: (x?.n ?? 0) + 1, reply }));
    onDone();
  };
  return (
    <div class="actions">
      {actions.length === 0 && <p class="empty">{t('action.none')}</p>}
      {actions.map((a) => (
        <ActionForm key={a.id} action={a} channels={channels} zone={zone} onReply={replied} />
      ))}
      {last && <ReplyView reply={last.reply} n={last.n} />}
    </div>
  );
}

function ActionForm({
  action,
  channels,
  zone,
  onReply,
}: {
  readonly action: LegalAction;
  readonly channels: readonly Channel[];
  readonly zone: string;
  readonly onReply: (r: CommandReply) => void;
}) {
  // The command line is the game's (the one its role messages taught), marked with its language.
  const lang = useContext(GameLang);
  const [values, setValues] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const sent = Object.fromEntries(action.params.map((p) => [p.key, offered(p, values)]));
  const line = fillLine(action, sent);
  // A post goes to its channel (the main thread unless the action names another), a PM to the inbox.
  const where = channels.find((c) => (action.via === 'post' ? c.id === (action.channel ?? 'main') : c.kind === 'inbox'))?.write ?? null;
  const ready = complete(action, values) && line !== '';
  const asks = action.irreversible || action.confirm;
  const base = `act-${action.id}`.replace(/[^a-z0-9-]/gi, '_');
  const set = (key: string, v: string) => {
    setValues((x) => ({ ...x, [key]: v }));
    setConfirming(false);
  };
  const send = async () => {
    if (!where || !ready) return;
    setBusy(true);
    try {
      const r = await api.write(where, line);
      setError(null);
      setConfirming(false);
      onReply(r);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: Event) => {
    e.preventDefault();
    if (!ready) return;
    if (asks && !confirming) setConfirming(true);
    else void send();
  };
  // Unlabelled arguments of one kind are numbered, so each field has its own name.
  const kinds = action.params.filter((p) => !p.label && !KEY_LABEL[p.key]).map((p) => p.kind);
  const seen: Record<string, number> = {};
  return (
    <form class="action" onSubmit={submit} data-command={action.command} data-action={action.id} data-confirm={asks ? '' : undefined}>
      <h3>
        <span class="keyword" lang={lang}>
          {titleOf(action)}
        </span>
        <span class="via">{t(action.via === 'post' ? 'action.via.post' : 'action.via.pm')}</span>
      </h3>
      {action.paused ? (
        <p class="closes paused">{t('action.paused')}</p>
      ) : (
        action.until !== null && <p class="closes">{t('action.closes', { when: dateTime(action.until, zone) })}</p>
      )}
      {action.params.map((p) => {
        const id = `${base}-${p.key}`.replace(/[^a-z0-9-]/gi, '_');
        if (!p.label && !KEY_LABEL[p.key]) seen[p.kind] = (seen[p.kind] ?? 0) + 1;
        const numbered = kinds.filter((k) => k === p.kind).length > 1 ? ` ${seen[p.kind]}` : '';
        const own = KEY_LABEL[p.key];
        // A declared label is the rulebook's word in the game's language (marked so below); the others are the interface's.
        const label = p.label ?? (own ? t(own) : `${t(KIND_LABEL[p.kind])}${numbered}`);
        const value = offered(p, values);
        if (p.kind === 'player' || p.kind === 'choice') {
          const options = p.kind === 'player' ? p.targets.map((x) => x.name) : p.values;
          return (
            <p key={p.key} class="field">
              <label for={id} lang={p.label ? lang : undefined}>
                {label}
              </label>
              <select id={id} value={value} required={!p.optional} onChange={(e) => set(p.key, e.currentTarget.value)}>
                <option value="">{t('action.pick')}</option>
                {options.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            </p>
          );
        }
        return (
          <p key={p.key} class="field">
            <label for={id} lang={p.label ? lang : undefined}>
              {label}
            </label>
            {p.multiline ? (
              <textarea
                id={id}
                rows={3}
                value={value}
                required={!p.optional}
                maxLength={p.max ?? undefined}
                onInput={(e) => set(p.key, e.currentTarget.value)}
              />
            ) : (
              <input id={id} value={value} required={!p.optional} maxLength={p.max ?? undefined} onInput={(e) => set(p.key, e.currentTarget.value)} />
            )}
          </p>
        );
      })}
      {confirming ? (
        <div class="confirm" role="alert">
          <p>{withLine('action.confirm', line, lang)}</p>
          <div class="buttons">
            <button type="submit" class="danger" disabled={busy || !where}>
              {t('action.confirmSend')}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              {t('action.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" disabled={busy || !where}>
          {withLine('action.submit', ready ? line : titleOf(action), lang)}
        </button>
      )}
      <Notice error={error} />
    </form>
  );
}

/** A sentence of the reader's language around a command line of the game's, the line marked with its own language. */
function withLine(key: 'action.submit' | 'action.confirm', line: string, lang: string | undefined) {
  const [before, after] = t(key, { line: '\u0001' }).split('\u0001');
  return (
    <>
      {before}
      <span lang={lang}>{line}</span>
      {after}
    </>
  );
}
