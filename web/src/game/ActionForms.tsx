// Forms built from the server's legal actions: one per action open now, with exactly the targets and choices the
// engine allows, its closing time, and the canonical line it sends (the rulebook's template filled in). The vote
// control of the thread is the same form for the actions that are posts.
import { useState } from 'preact/hooks';
import type { ActionsReply, ChannelInfo as Channel, CommandReply } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { dateTime, t } from '../i18n/i18n.ts';
import { Notice, ReplyView } from '../ui.tsx';

/** One legal action. */
export type LegalAction = ActionsReply['actions'][number];

const SLOTS = ['name', 'choice', 'text', 'pseudonym'] as const;
type Slot = (typeof SLOTS)[number];

/** A template that is a placeholder in angle brackets (`<last words>`) stands for free text written whole. */
const FREE = /^<[^<>]+>$/;

/** The slots a template has, in order. */
export function slotsOf(template: string): Slot[] {
  if (FREE.test(template)) return ['text'];
  return SLOTS.filter((s) => template.includes(`{${s}}`));
}

/** The template with its slots filled. */
export function fill(template: string, values: Partial<Record<Slot, string>>): string {
  if (FREE.test(template)) return values.text ?? '';
  return template.replace(/\{(name|choice|text|pseudonym)\}/g, (_, s: Slot) => values[s] ?? '');
}

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
        <ActionForm key={`${a.command}-${a.via}`} action={a} channels={channels} zone={zone} onReply={replied} />
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
  const slots = slotsOf(action.template);
  const [values, setValues] = useState<Partial<Record<Slot, string>>>(() => ({
    ...(action.targets?.[0] ? { name: action.targets[0].name } : {}),
    ...(action.choices?.[0] ? { choice: action.choices[0] } : {}),
  }));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const line = fill(action.template, values);
  // A post goes to its channel (the main thread unless the action names another), a PM to the inbox.
  const where = channels.find((c) => (action.via === 'post' ? c.id === (action.channel ?? 'main') : c.kind === 'inbox'))?.write ?? null;
  const complete = slots.every((s) => (values[s] ?? '').trim() !== '');
  const base = `act-${action.command}-${action.via}`.replace(/[^a-z0-9-]/gi, '_');
  const set = (s: Slot, v: string) => setValues((x) => ({ ...x, [s]: v }));
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!where || !complete) return;
    setBusy(true);
    try {
      const r = await api.write(where, line);
      setError(null);
      onReply(r);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="action" onSubmit={submit} data-command={action.command}>
      <h3>
        <span class="keyword">{FREE.test(action.template) ? action.template.slice(1, -1) : action.template.replace(/\s*\{\w+\}/g, ' …').trim()}</span>
        <span class="via">{t(action.via === 'post' ? 'action.via.post' : 'action.via.pm')}</span>
      </h3>
      {action.paused ? (
        <p class="closes paused">{t('action.paused')}</p>
      ) : (
        action.until !== null && <p class="closes">{t('action.closes', { when: dateTime(action.until, zone) })}</p>
      )}
      {slots.map((s) => {
        const id = `${base}-${s}`;
        if (s === 'name' && action.targets)
          return (
            <p key={s} class="field">
              <label for={id}>{t('action.target')}</label>
              <select id={id} value={values.name ?? ''} onChange={(e) => set('name', e.currentTarget.value)}>
                {action.targets.map((p) => (
                  <option key={p.id} value={p.name}>
                    {p.name}
                  </option>
                ))}
              </select>
            </p>
          );
        if (s === 'choice' && action.choices)
          return (
            <p key={s} class="field">
              <label for={id}>{t('action.choice')}</label>
              <select id={id} value={values.choice ?? ''} onChange={(e) => set('choice', e.currentTarget.value)}>
                {action.choices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </p>
          );
        return (
          <p key={s} class="field">
            <label for={id}>
              {t(s === 'pseudonym' ? 'action.pseudonym' : s === 'choice' ? 'action.choice' : s === 'name' ? 'action.target' : 'action.text')}
            </label>
            {s === 'text' ? (
              <textarea id={id} rows={3} value={values[s] ?? ''} onInput={(e) => set(s, e.currentTarget.value)} />
            ) : (
              <input id={id} value={values[s] ?? ''} onInput={(e) => set(s, e.currentTarget.value)} />
            )}
          </p>
        );
      })}
      <button type="submit" disabled={busy || !where || !complete}>
        {t('action.submit', { line })}
      </button>
      <Notice error={error} />
    </form>
  );
}
