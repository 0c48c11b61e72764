// Small pieces every screen uses: a status line for errors, the display of a command reply, the coalescing refresher.
import { useEffect, useState } from 'preact/hooks';
import type { CommandReply } from '../../src/protocol/index.ts';
import { ApiError } from './api/client.ts';
import { list, t } from './i18n/i18n.ts';

/** An error as the user reads it. */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.code === 'network' ? t('error.network') : e.message;
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
            : t('reply.read', { commands: list(read.map((c) => (c.target ? `${c.command} → ${c.target}` : c.command))) })}
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

/** The current instant, re-read every `ms` (countdowns). */
export function useNow(read: () => number, ms = 1000): number {
  const [now, setNow] = useState(read);
  useEffect(() => {
    const h = setInterval(() => setNow(read()), ms);
    return () => clearInterval(h);
  }, [read, ms]);
  return now;
}
