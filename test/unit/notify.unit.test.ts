// The pure pieces of the notifications (issue 26): the reminder plan of a state, the leads, the notice ids and unsubscribe tokens, the rendering in the four languages, and the test push
// service's RFC 8291 decryption against web-push's own encryption (so the push tests decrypt what a browser would).
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { unsubscribeAccount, unsubscribeToken } from '../../src/app/mail.ts';
import { NOTICE_LOCALES } from '../../src/app/notice-texts.ts';
import { noticeId, renderNotice } from '../../src/app/notices.ts';
import { leadsOf, planSignature, planSlots } from '../../src/app/reminder-plan.ts';
import type { GameState } from '../../src/engine/state.ts';
import { decryptPush } from '../support/push-service.ts';

const state = (o: Partial<GameState<unknown>>): GameState<unknown> =>
  ({ status: 'running', deadlines: [], config: { timeZone: 'Europe/Athens' }, ...o }) as unknown as GameState<unknown>;

describe('the reminder plan', () => {
  const at = (iso: string) => Date.parse(iso);
  it('a slot per deadline and lead, and one digest per game day with its first reminder; nothing while paused or not running', () => {
    const s = state({
      deadlines: [
        { id: 'r2:kill', kind: 'kill', at: at('2025-11-04T11:00:00Z') },
        { id: 'r2:close', kind: 'close', at: at('2025-11-04T18:00:00Z') },
        { id: 'r3:close', kind: 'close', at: at('2025-11-05T18:00:00Z') },
      ],
    });
    const slots = planSlots('g', s, leadsOf(undefined));
    expect(slots.map((x) => [x.id, new Date(x.dueAt).toISOString().slice(0, 16)])).toEqual([
      ['g digest@2025-11-04', '2025-11-04T08:00'],
      ['g r2:kill@10800000', '2025-11-04T08:00'],
      ['g r2:kill@1800000', '2025-11-04T10:30'],
      ['g r2:close@10800000', '2025-11-04T15:00'],
      ['g r2:close@1800000', '2025-11-04T17:30'],
      ['g digest@2025-11-05', '2025-11-05T15:00'],
      ['g r3:close@10800000', '2025-11-05T15:00'],
      ['g r3:close@1800000', '2025-11-05T17:30'],
    ]);
    expect(planSlots('g', { ...s, pausedSince: 1 }, leadsOf(undefined))).toEqual([]);
    expect(planSlots('g', { ...s, status: 'ended' }, leadsOf(undefined))).toEqual([]);
    expect(planSlots('g', s, leadsOf([]))).toEqual([]);
    // A moved deadline changes the plan's signature; the same deadlines keep it.
    const moved = state({ deadlines: [{ id: 'r2:kill', kind: 'kill', at: at('2025-11-04T12:00:00Z') }] });
    const same = state({ deadlines: [{ id: 'r2:kill', kind: 'kill', at: at('2025-11-04T11:00:00Z') }] });
    const once = state({ deadlines: [{ id: 'r2:kill', kind: 'kill', at: at('2025-11-04T11:00:00Z') }] });
    expect(planSignature(planSlots('g', same, [60_000]))).toBe(planSignature(planSlots('g', once, [60_000])));
    expect(planSignature(planSlots('g', moved, [60_000]))).not.toBe(planSignature(planSlots('g', once, [60_000])));
  });

  it('leads: the defaults (3 h, 30 min), the moderator’s minutes longest first, each once', () => {
    expect(leadsOf(undefined)).toEqual([10_800_000, 1_800_000]);
    expect(leadsOf([15, 60, 15])).toEqual([3_600_000, 900_000]);
  });
});

describe('ids, tokens and texts', () => {
  it('a notice id is the same for the same account and source, 22 URL-safe characters (a valid push Topic)', () => {
    expect(noticeId('a', 'r:x')).toBe(noticeId('a', 'r:x'));
    expect(noticeId('a', 'r:x')).not.toBe(noticeId('b', 'r:x'));
    expect(noticeId('a', 'r:x')).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('an unsubscribe token names its account only with the right secret', () => {
    const t = unsubscribeToken('secret', 'acc-1');
    expect(unsubscribeAccount('secret', t)).toBe('acc-1');
    expect(unsubscribeAccount('other', t)).toBeUndefined();
    expect(unsubscribeAccount('secret', `${t.split('.')[0]}.${'A'.repeat(32)}`)).toBeUndefined();
    expect(unsubscribeAccount('secret', 'garbage')).toBeUndefined();
  });

  it('a reminder in each language names the lead, the game, the deadline in its zone and the commands as the game writes them', () => {
    const data = {
      kind: 'reminder',
      game: 'g1',
      title: 'Palermo #12',
      zone: 'Europe/Athens',
      deadline: { id: 'r1:close', kind: 'close', at: Date.parse('2025-11-03T18:00:00Z') },
      lead: 30,
      actions: [{ command: 'vote', template: 'Ψήφος: {name}', via: 'post' }],
    };
    const titles = NOTICE_LOCALES.map((l) => renderNotice({ data }, l, 'https://n.example').title);
    expect(titles).toEqual([
      '30 minutes to go in “Palermo #12”',
      'Απομένουν 30 λεπτά στο «Palermo #12»',
      'Noch 30 Minuten in „Palermo #12“',
      'Осталось 30 минут в «Palermo #12»',
    ]);
    const en = renderNotice({ data }, 'en', 'https://n.example');
    expect(en.lines).toEqual(['Still open for you until Monday, November 3 at 08:00 PM (Europe/Athens):', '• Ψήφος: …']);
    expect(en.link).toBe('https://n.example/#/games/g1/main');
  });
});

describe('RFC 8291 decryption of the test push service', () => {
  it('decrypts what web-push encrypts with aes128gcm for a browser’s key pair and auth secret', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const payload = JSON.stringify({ hello: 'Καλημέρα', n: 'x'.repeat(3000) });
    const enc = webpush.encrypt(ecdh.getPublicKey().toString('base64url'), auth.toString('base64url'), payload, 'aes128gcm');
    expect(decryptPush(enc.cipherText, ecdh, auth).toString()).toBe(payload);
    const other = createECDH('prime256v1');
    other.generateKeys();
    expect(() => decryptPush(enc.cipherText, other, auth)).toThrow();
  });
});
