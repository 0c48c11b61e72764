// The moderator's console: signups and start, pause and resume, moving a deadline (its new time shown in the game's
// zone and the moderator's before he confirms), substitution, every other action of the rulebook as a form built
// from its argument schema, the audit log, forum copies, the fairness commitment and, after the end, the seed
// with its verification.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { AuditReply, DigestReply, GameDetail, ModActionsReply, ServerFrame, SignupWarningsReply } from '../../../src/protocol/index.ts';
import { api } from '../api/client.ts';
import { dateTime, list, localZone, t } from '../i18n/i18n.ts';
import { coalesce, Notice } from '../ui.tsx';
import { instantOf, localOf } from '../zone.ts';
import { auditLine } from './audit.ts';
import { deadlineLabel, hasLabel, labelOf, nameOf, useRulebook } from './labels.ts';
import { zonedDateTime } from './Panels.tsx';
import { SchemaForm } from './SchemaForm.tsx';
import { StartNow } from './StartNow.tsx';

type ModAction = ModActionsReply['actions'][number];

/** Runs one moderator action and reports it. */
function useRun(id: string, onDone: () => void) {
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  const run = async (action: string, args?: Record<string, unknown>) => {
    try {
      if (action === 'start') await api.start(id);
      else await api.mod(id, action, args);
      setError(null);
      setDone(t('console.done'));
      onDone();
    } catch (e) {
      setDone(null);
      setError(e);
    }
  };
  return { run, error, done };
}

/** The console of a game the caller moderates. */
export function Console({
  detail,
  onLive,
  onDone,
}: {
  readonly detail: GameDetail;
  /** Registers a call on every live frame (useGame's `onLive`): the audit log grows with every event, posts too. */
  readonly onLive: (f: (frame: ServerFrame) => void) => () => void;
  readonly onDone: () => void;
}) {
  const [actions, setActions] = useState<readonly ModAction[]>([]);
  const rulebook = useRulebook(detail.variant);
  const { run, error, done } = useRun(detail.id, onDone);
  useEffect(() => {
    void api.modActions(detail.id).then((r) => setActions(r.actions));
  }, [detail.id]);
  // CIT-SET-1, CIT-ACT-7: each applicant's warnings from earlier games (the moderators' view only).
  const [warnings, setWarnings] = useState<SignupWarningsReply['players']>([]);
  useEffect(() => {
    void api.warnings(detail.id).then(
      (r) => setWarnings(r.players),
      () => setWarnings([]),
    );
  }, [detail.id, detail.players.length]);
  const warned = (name: string) => warnings.find((w) => w.name === name && w.count > 0);
  const zone = detail.timeZone;
  const has = (n: string) => actions.some((a) => a.name === n && a.forbidden === null);
  // The toolkit's actions with their own controls; a tool the rulebook lacks is listed with its reason instead.
  const lacking = actions.filter((a) => a.forbidden !== null);
  const others = actions.filter((a) => a.forbidden === null && !['pause', 'resume', 'start', 'move-deadline', 'substitute'].includes(a.name));
  return (
    <div class="console">
      <h2>{t('console.title')}</h2>
      <Notice error={error} text={done} />
      <section aria-labelledby="c-signups">
        <h3 id="c-signups">{t('console.signups')}</h3>
        <ol>
          {detail.players.map((p) => (
            <li key={p.id}>
              <bdi>{p.name}</bdi> {detail.moderator?.roles[p.name] ? `· ${nameOf(rulebook, 'role', detail.moderator.roles[p.name]!)}` : ''} ·{' '}
              {statusText(p.status)}
              {warned(p.name) && (
                <span
                  class="warnings"
                  title={warned(p.name)!
                    .warnings.map((w) => `${w.date}: ${w.reason}`)
                    .join('\n')}
                >
                  {' '}
                  · {t('console.warnings', { n: warned(p.name)!.count })}
                </span>
              )}
            </li>
          ))}
        </ol>
        <div class="buttons">
          {detail.status === 'signup' && <StartNow id={detail.id} zone={zone} onStart={() => void run('start')} />}
          {detail.status === 'running' && has('pause') && (
            <button type="button" onClick={() => void run('pause')}>
              {t('console.pause')}
            </button>
          )}
          {detail.status === 'paused' && has('resume') && (
            <button type="button" onClick={() => void run('resume')}>
              {t('console.resume')}
            </button>
          )}
        </div>
      </section>
      <Deadlines detail={detail} action={actions.find((a) => a.name === 'move-deadline' && a.forbidden === null)} run={run} zone={zone} />
      <Reminders id={detail.id} zone={zone} />
      {has('substitute') && <Substitute detail={detail} action={actions.find((a) => a.name === 'substitute')} run={run} />}
      {others.length > 0 && <OtherActions actions={others} run={run} variant={detail.variant} />}
      {lacking.length > 0 && (
        <section aria-labelledby="c-lacking" class="lacking">
          <h3 id="c-lacking">{t('console.toolkit')}</h3>
          <ul>
            {lacking.map((a) => (
              <li key={a.name} data-action={a.name}>
                {t('console.forbidden', { action: labelOf(rulebook, `mod.${a.name}`, {}, 'mod.other'), reason: a.forbidden ?? '' })}
              </li>
            ))}
          </ul>
        </section>
      )}
      <Copies id={detail.id} round={detail.votes?.round ?? 1} lang={detail.locale} />
      <Fairness detail={detail} />
      <Audit detail={detail} onLive={onLive} zone={zone} />
    </div>
  );
}

function Deadlines({
  detail,
  action,
  run,
  zone,
}: {
  readonly detail: GameDetail;
  readonly action: ModAction | undefined;
  readonly run: (a: string, args?: Record<string, unknown>) => Promise<void>;
  readonly zone: string;
}) {
  const deadlines = detail.moderator?.deadlines ?? [];
  const rulebook = useRulebook(detail.variant);
  // The form sends what the action's schema declares (issue 25 item 2): a `deadline` only where the rulebook has one.
  const kinds = enumOf(action?.args, 'deadline');
  const declares = (k: string) => Object.hasOwn((action?.args.properties as Record<string, unknown> | undefined) ?? {}, k);
  const [which, setWhich] = useState('');
  const [to, setTo] = useState('');
  const [preview, setPreview] = useState<number | null>(null);
  // The moderator is typing a time: a deadline that passes meanwhile must not overwrite it (a reset under his hands
  // once sent the old time back as the "new" one).
  const [typing, setTyping] = useState(false);
  const mine = localZone();
  // Otherwise the field starts at the pending deadline and follows it when it moves (a moved deadline left the time
  // the moderator had typed, which no longer was the deadline's).
  const first = deadlines[0]?.at;
  useEffect(() => {
    if (typing) return;
    setTo(first === undefined ? '' : localOf(first, zone));
    setPreview(null);
  }, [first, zone, typing]);
  return (
    <section aria-labelledby="c-deadlines">
      <h3 id="c-deadlines">{t('console.deadlines')}</h3>
      <ul>
        {deadlines.map((d) => (
          <li key={d.id}>
            {deadlineLabel(rulebook, d.kind)}: {zonedDateTime(d.at, zone)}
          </li>
        ))}
      </ul>
      {action && (
        <form
          class="move"
          onSubmit={(e) => {
            e.preventDefault();
            const at = instantOf(to, zone);
            if (preview === null) setPreview(at);
            else {
              setPreview(null);
              setTyping(false);
              void run('move-deadline', { ...(declares('deadline') && which !== '' ? { deadline: which } : {}), to });
            }
          }}
        >
          <h4>{t('console.move')}</h4>
          {kinds.length > 0 && (
            <p class="field">
              <label for="move-which">{t('console.which')}</label>
              <select id="move-which" value={which} onChange={(e) => setWhich(e.currentTarget.value)}>
                <option value="">{t('console.whichDefault')}</option>
                {kinds.map((k) => (
                  <option key={k} value={k}>
                    {deadlineLabel(rulebook, k)}
                  </option>
                ))}
              </select>
            </p>
          )}
          <p class="field">
            <label for="move-to">{t('console.moveTo', { zone })}</label>
            <input
              id="move-to"
              type="datetime-local"
              value={to}
              onInput={(e) => {
                setTyping(true);
                setTo(e.currentTarget.value);
                setPreview(null);
              }}
            />
          </p>
          {preview !== null && (
            <p class="preview" role="status" data-testid="move-preview">
              {t('console.movePreview', { game: dateTime(preview, zone), mine: dateTime(preview, mine) })}
            </p>
          )}
          <button type="submit">{preview === null ? t('console.move') : t('console.confirm')}</button>
        </form>
      )}
    </section>
  );
}

/** The values a string property of an action's argument schema allows. */
function enumOf(schema: Readonly<Record<string, unknown>> | undefined, prop: string): string[] {
  const p = (schema?.properties as Record<string, { enum?: unknown[] }> | undefined)?.[prop];
  return (p?.enum ?? []).filter((x): x is string => typeof x === 'string');
}

function Substitute({
  detail,
  action,
  run,
}: {
  readonly detail: GameDetail;
  readonly action: ModAction | undefined;
  readonly run: (a: string, args?: Record<string, unknown>) => Promise<void>;
}) {
  const alive = detail.players.filter((p) => p.status === 'alive');
  const [old, setOld] = useState('');
  // Nothing is chosen for the moderator (issue 25 item 7): the first seat by default once replaced a player nobody
  // meant to; a seat no longer in the game counts as none.
  const current = alive.some((p) => p.name === old) ? old : '';
  const [sub, setSub] = useState('');
  const [invite, setInvite] = useState(false);
  // A newcomer without an account may be invited where the action declares it (the toolkit's `invite`).
  const canInvite = Object.hasOwn((action?.args.properties as Record<string, unknown> | undefined) ?? {}, 'invite');
  return (
    <form
      class="substitute"
      aria-labelledby="c-sub"
      onSubmit={(e) => {
        e.preventDefault();
        if (current === '') return;
        void run('substitute', { old: current, new: sub, ...(canInvite && invite ? { invite: true } : {}) });
      }}
    >
      <h3 id="c-sub">{t('console.substitute')}</h3>
      <p class="field">
        <label for="sub-old">{t('console.old')}</label>
        <select id="sub-old" value={current} required onChange={(e) => setOld(e.currentTarget.value)}>
          <option value="">{t('action.pick')}</option>
          {alive.map((p) => (
            <option key={p.id} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
      </p>
      <p class="field">
        <label for="sub-new">{t('console.new')}</label>
        <input id="sub-new" value={sub} onInput={(e) => setSub(e.currentTarget.value)} required />
      </p>
      {canInvite && (
        <p class="field check">
          <input id="sub-invite" type="checkbox" checked={invite} onChange={(e) => setInvite(e.currentTarget.checked)} />
          <label for="sub-invite">{t('console.invite')}</label>
        </p>
      )}
      <button type="submit">{t('console.substitute')}</button>
    </form>
  );
}

function OtherActions({
  actions,
  run,
  variant,
}: {
  readonly actions: readonly ModAction[];
  readonly run: (a: string, args?: Record<string, unknown>) => Promise<void>;
  readonly variant: string;
}) {
  const rulebook = useRulebook(variant);
  const [name, setName] = useState(actions[0]?.name ?? '');
  const a = actions.find((x) => x.name === name) ?? actions[0]!;
  return (
    <section aria-labelledby="c-other">
      <h3 id="c-other">{t('console.actions')}</h3>
      <p class="field">
        <label for="other-action">{t('console.action')}</label>
        <select id="other-action" value={a.name} onChange={(e) => setName(e.currentTarget.value)}>
          {actions.map((x) => (
            <option key={x.name} value={x.name}>
              {labelOf(rulebook, `mod.${x.name}`, {}, 'mod.other')}
            </option>
          ))}
        </select>
      </p>
      {/* The summary in the reader's language; the rule ids stay in the markup for whoever checks them. */}
      {hasLabel(rulebook, `mod.${a.name}.summary`) && (
        <p class="summary" data-rules={a.rules}>
          {labelOf(rulebook, `mod.${a.name}.summary`)}
        </p>
      )}
      <SchemaForm
        key={a.name}
        schema={a.args}
        idPrefix={`arg-${a.name}`}
        submit={t('console.run')}
        onSubmit={(args) => run(a.name, args)}
        labelOf={(k) => labelOf(rulebook, hasLabel(rulebook, `mod.${a.name}.${k}`) ? `mod.${a.name}.${k}` : `arg.${k}`, {}, 'arg.other')}
        choiceLabel={(k, v) => argValue(rulebook, k, v)}
      />
    </section>
  );
}

function Copies({ id, round, lang }: { readonly id: string; readonly round: number; readonly lang: string }) {
  const [text, setText] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const copy = async (what: string, format: 'bbcode' | 'markdown') => {
    try {
      const s = await api.exportText(id, what, format);
      setText(s);
      setError(null);
      await navigator.clipboard?.writeText(s).then(
        () => setNote(t('console.copied')),
        () => setNote(null),
      );
    } catch (e) {
      setError(e);
    }
  };
  return (
    <section aria-labelledby="c-copy">
      <h3 id="c-copy">{t('console.copy')}</h3>
      <div class="buttons">
        {(['bbcode', 'markdown'] as const).map((f) => (
          <button key={f} type="button" onClick={() => void copy('votes', f)}>
            {t('console.copyVotes', { format: f === 'bbcode' ? 'BBCode' : 'Markdown' })}
          </button>
        ))}
        {(['bbcode', 'markdown'] as const).map((f) => (
          <button key={`d-${f}`} type="button" onClick={() => void copy(`day/${round}`, f)}>
            {t('console.copyAnnouncement', { round, format: f === 'bbcode' ? 'BBCode' : 'Markdown' })}
          </button>
        ))}
      </div>
      <Notice error={error} text={note} />
      {text && (
        <>
          <label for="copy-text" class="visually-hidden">
            {t('console.copy')}
          </label>
          {/* The export is written for the community's forum, in the game's language. */}
          <textarea id="copy-text" readOnly rows={6} value={text} lang={lang} />
        </>
      )}
    </section>
  );
}

function Fairness({ detail }: { readonly detail: GameDetail }) {
  const [v, setV] = useState<Awaited<ReturnType<typeof api.verify>> | null>(null);
  const over = detail.status === 'ended' || detail.status === 'cancelled';
  useEffect(() => {
    if (over) void api.verify(detail.id).then(setV, () => setV(null));
  }, [detail.id, over]);
  return (
    <section aria-labelledby="c-fair" class="fairness">
      <h3 id="c-fair">{t('console.fairness')}</h3>
      <p class="hash">{t('console.commitment', { hash: detail.commitment })}</p>
      {!over && <p>{t('console.unpublished')}</p>}
      {v?.seed && <p class="hash">{t('console.seed', { seed: v.seed })}</p>}
      {v && (
        <p class={v.verdict.fair ? 'ok' : 'error'} data-testid="verdict">
          {v.verdict.fair ? t('console.verified') : t('console.mismatch', { problems: v.verdict.problems.join('; ') })}
        </p>
      )}
    </section>
  );
}

/** An enumerated argument's value in the reader's language: a side or a role by its name, a deadline by its label. */
function argValue(rulebook: ReturnType<typeof useRulebook>, key: string, v: string): string {
  if (v === 'none') return labelOf(rulebook, 'value.none');
  if (key === 'side') return nameOf(rulebook, 'side', v);
  if (key === 'role') return nameOf(rulebook, 'role', v);
  if (key === 'deadline' || key === 'what') return deadlineLabel(rulebook, v);
  if (key === 'cause' && hasLabel(rulebook, `removed.${v}`)) return labelOf(rulebook, `removed.${v}`);
  return v;
}

const STATUS: Readonly<Record<string, 'player.alive' | 'player.out' | 'player.withdrawn'>> = {
  alive: 'player.alive',
  out: 'player.out',
  withdrawn: 'player.withdrawn',
};

/** A seat's state in the reader's language. */
function statusText(status: string): string {
  const k = STATUS[status];
  return k ? t(k) : status;
}

function Audit({
  detail,
  onLive,
  zone,
}: {
  readonly detail: GameDetail;
  readonly onLive: (f: (frame: ServerFrame) => void) => () => void;
  readonly zone: string;
}) {
  const id = detail.id;
  const rulebook = useRulebook(detail.variant);
  const [items, setItems] = useState<AuditReply['items']>([]);
  // Re-read after a burst of frames, once in flight and once after it (a commit's frames share one read).
  const reread = useMemo(() => coalesce(() => api.audit(id).then((r) => setItems(r.items)), 40), [id]);
  useEffect(() => {
    reread();
    return onLive(reread);
  }, [id, onLive, reread]);
  return (
    <section aria-labelledby="c-audit" class="audit">
      <h3 id="c-audit">{t('console.audit')}</h3>
      {/* The list scrolls in its box once the log is long: it takes the keyboard's focus so that it can be scrolled
          without a mouse (axe: scrollable-region-focusable, WCAG 2.1.1), which biome's rule does not know. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <ol reversed tabIndex={0} aria-labelledby="c-audit">
        {[...items]
          .reverse()
          .slice(0, 200)
          .map((it) => (
            <li key={it.seq}>
              <time dateTime={new Date(it.at).toISOString()}>{dateTime(it.at, zone)}</time>{' '}
              <span class="data" data-type={it.type}>
                {auditLine(rulebook, it, detail.players)}
              </span>
            </li>
          ))}
      </ol>
    </section>
  );
}

/** The game's reminder leads (minutes before each deadline) and the moderator's digest, now or mailed. */
function Reminders({ id, zone }: { readonly id: string; readonly zone: string }) {
  const [minutes, setMinutes] = useState('');
  const [digest, setDigest] = useState<DigestReply | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    void api.reminders(id).then((r) => setMinutes(r.minutes.join(', ')), setError);
  }, [id]);
  const save = () => {
    const list = minutes
      .split(/[,\s]+/)
      .filter(Boolean)
      .map(Number);
    void api.setReminders(id, list).then((r) => {
      setMinutes(r.minutes.join(', '));
      setDone(t('console.remindersSaved'));
      setError(null);
    }, setError);
  };
  return (
    <section aria-labelledby="c-reminders" class="reminders">
      <h3 id="c-reminders">{t('console.reminders')}</h3>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <p class="field">
          <label for="c-leads">{t('console.leads')}</label>
          <input id="c-leads" inputMode="numeric" value={minutes} onInput={(e) => setMinutes(e.currentTarget.value)} />
        </p>
        <div class="buttons">
          <button type="submit">{t('console.remindersSave')}</button>
          <button type="button" onClick={() => void api.digest(id).then(setDigest, setError)}>
            {t('console.digest')}
          </button>
          <button
            type="button"
            onClick={() =>
              void api.sendDigest(id).then((d) => {
                setDigest(d);
                setDone(t('console.digestSent'));
              }, setError)
            }
          >
            {t('console.digestSend')}
          </button>
        </div>
      </form>
      <Notice error={error} text={done} />
      {digest && (
        <ul class="digest" data-testid="digest">
          {digest.deadlines.map((d) => (
            <li key={d.id}>
              {t('console.digestPending', { when: dateTime(d.at, zone), n: d.pending.length })}{' '}
              {d.pending.map((p) => (
                <bdi key={p.name}>{p.name} </bdi>
              ))}
            </li>
          ))}
          {digest.counters.map((c) => (
            <li key={`${c.name} ${c.counter}`}>
              <bdi>{c.name}</bdi>: {c.counter} {c.value}/{c.limit}
            </li>
          ))}
          {digest.quiet.length > 0 && <li>{t('console.digestQuiet', { names: list(digest.quiet) })}</li>}
        </ul>
      )}
    </section>
  );
}
