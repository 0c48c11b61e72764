// Small pieces every screen uses: a status line for errors, the display of a command reply, the coalescing refresher.
import { useEffect, useState } from 'preact/hooks';
import type { CommandReply } from '../../src/protocol/index.ts';
import { ApiError } from './api/client.ts';
import { list, t, tIf } from './i18n/i18n.ts';

/** An error as the user reads it. */
export function errorText(e: unknown): string {
  // A refusal the app knows by its code reads in the reader's language; others keep the server's words.
  if (e instanceof ApiError) return e.code === 'network' ? t('error.network') : (tIf(`error.${e.code}`) ?? e.message);
  return t('error.generic', { message: e instanceof Error ? e.message : String(e) });
}

/** A message that screen readers announce (role=status), or an error (role=alert). */
export function Notice({ error, text }: { readonly error?: unknown; readonly text?: string | null }) {
  if (error)
    return (
      <p class="notice error" role="alert">
        {errorText(error)}
      </p>
    );
  return text ? (
    <p class="notice" role="status">
      {text}
    </p>
  ) : null;
}

/** What the engine recognised in a submission, or why it refused it. */
export function ReplyView({ reply, n }: { readonly reply: CommandReply | null; readonly n?: number }) {
  if (!reply) return null;
  const read = reply.commands;
  return (
    <div class={`reply ${reply.accepted ? 'ok' : 'refused'}`} role="status" data-testid="reply" data-n={n}>
      {read !== undefined && (
        <p>
          {read.length === 0
            ? t('reply.readNone')
            : t('reply.read', { commands: list(read.map((c) => (c.target ? `${c.label ?? c.command} → ${c.target}` : (c.label ?? c.command)))) })}
        </p>
      )}
      {reply.accepted && reply.rejections.length === 0 && <p>{t('reply.accepted')}</p>}
      {reply.rejections.map((r) => (
        <p key={r.code} class="refusal" data-code={r.code}>
          {t('reply.refused', { text: r.text })}
        </p>
      ))}
    </div>
  );
}

/**
 * A function that runs `f` now (or `delayMs` later, gathering the calls meanwhile), or once more after the run in
 * flight when called during one: bursts of live frames cost one request in flight and one after it, never one per
 * frame. The delay lets the frames of one commit, which arrive a few milliseconds apart, share one run.
 */
export function coalesce(f: () => Promise<void>, delayMs = 0): () => void {
  let running = false;
  let again = false;
  let waiting = false;
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await f().catch(() => undefined);
      } while (again);
    } finally {
      running = false;
    }
  };
  return () => {
    if (delayMs <= 0) return void run();
    if (running) again = true;
    else if (!waiting) {
      waiting = true;
      setTimeout(() => {
        waiting = false;
        void run();
      }, delayMs);
    }
  };
}

/**
 * The current instant, re-read when what is shown of it next changes: `next(now)` gives the real milliseconds until
 * then (Infinity: never), and `wake` lets a caller subscribe to changes of the clock itself (a resync). A countdown
 * showing minutes wakes once a minute, not every second: 50 open pages each re-rendering every second cost the
 * cores a new post's renders compete for.
 */
export function useNow(read: () => number, next: (now: number) => number, wake?: (f: () => void) => () => void): number {
  const [now, setNow] = useState(read);
  useEffect(() => {
    let h: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const n = read();
      setNow(n);
      const ms = next(n);
      // A timer longer than a minute would only drift from the page's clock; past 2^31 ms it would fire at once.
      if (Number.isFinite(ms)) h = setTimeout(tick, Math.min(Math.max(ms, 1), 60_000));
    };
    const schedule = () => {
      clearTimeout(h);
      tick();
    };
    const off = wake?.(schedule);
    // Also on a new deadline (`next` changed): the instant read before it may be up to a minute old.
    tick();
    return () => {
      clearTimeout(h);
      off?.();
    };
  }, [read, next, wake]);
  return now;
}
