// The shared protocol (src/protocol) is pure and is what the server validates with; the server's files stay small
// enough to read; a view's keyed items (rejections, flags) render through one function.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inboxItems } from '../../src/app/views.ts';
import type { GameEvent } from '../../src/core/types.ts';
import { renderMessage } from '../../src/i18n/render.ts';
import { clientMessage, commandReply, textBody } from '../../src/protocol/index.ts';
import { loadScript } from '../../src/scripts/load.ts';
import { runScript } from '../../src/scripts/run.ts';
import { VARIANTS } from '../../src/variants/registry.ts';

const src = join(import.meta.dirname, '..', '..', 'src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
const imports = (file: string) => [...readFileSync(file, 'utf8').matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);

describe('src/protocol', () => {
  it('imports zod and the pure core and engine only: no Fastify, no node:*, no server, app or store', () => {
    const found = files(join(src, 'protocol')).flatMap((f) => imports(f).map((i) => `${f.slice(src.length)}: ${i}`));
    expect(found.length).toBeGreaterThan(0);
    const allowed = (spec: string) => spec === 'zod' || spec.startsWith('./') || /^\.\.\/(core|engine)\//.test(spec);
    expect(found.filter((line) => !allowed(line.split(': ')[1]!))).toEqual([]);
  });

  it('the WebSocket client message: subscribe from 0 by default; anything else is refused', () => {
    expect(clientMessage.parse({ type: 'subscribe', game: 'g1' })).toEqual({ type: 'subscribe', game: 'g1', from: 0 });
    expect(clientMessage.safeParse({ type: 'subscribe', game: 'g1', from: -1 }).success).toBe(false);
    expect(clientMessage.safeParse({ type: 'shout' }).success).toBe(false);
  });

  it('a post body is a trimmed non-empty text with an optional version, nothing more', () => {
    expect(textBody.parse({ text: '  hi  ' })).toEqual({ text: 'hi' });
    expect(textBody.safeParse({ text: '   ' }).success).toBe(false);
    expect(textBody.safeParse({ text: 'hi', extra: 1 }).success).toBe(false);
    expect(commandReply.safeParse({ accepted: true, version: 3, seqs: [3], rejections: [] }).success).toBe(true);
  });
});

describe('src/server', () => {
  it('has no file over 300 lines', () => {
    const long = files(join(src, 'server'))
      .map((f) => ({ f: f.slice(src.length), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((x) => x.lines > 300);
    expect(long).toEqual([]);
  });
});

const demo = await runScript(loadScript(readFileSync(join(import.meta.dirname, '..', '..', 'examples', 'palermo-demo.yaml'), 'utf8')));

describe('keyed view items', () => {
  const variant = VARIANTS.palermo!;
  const c = { variant, state: demo.state, locale: 'en' as const };
  const rejection = demo.events.find((e) => e.type === 'command.rejected')!;

  it('a rejection and a flag are items coded by their message key, rendered in the reader’s locale', () => {
    const d = rejection.data as { code: string; by: string; params?: Record<string, string> };
    const flag: GameEvent = { type: 'moderator.flag', at: rejection.at, audience: { kind: 'moderator' }, data: { reason: d.code, params: d.params } };
    const text = renderMessage(variant, 'en', { key: d.code, params: d.params });
    const [r, f] = inboxItems(c, { kind: 'moderator' }, [
      { seq: 7, event: { ...rejection, audience: { kind: 'moderator' } } },
      { seq: 8, event: flag },
    ]);
    // Key order is part of the reply's bytes; the message itself rides along for clients that render it.
    const parts = [{ key: d.code, params: d.params }];
    expect(JSON.stringify(r)).toBe(
      JSON.stringify({ seq: 7, at: rejection.at, time: r!.time, kind: 'rejection', code: d.code, author: String(d.by), text, parts }),
    );
    expect(JSON.stringify(f)).toBe(JSON.stringify({ seq: 8, at: rejection.at, time: f!.time, kind: 'flag', code: d.code, text, parts }));
  });
});
