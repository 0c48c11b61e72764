// Issue 25 item 4: the moderator's inbox shows players by name (not their seat id), each PM once (not again as the
// "Message from …" note that goes with it), and a refusal as the system's answer (to whom it went), not under the
// player's name; the player reads his refusal under no name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type Harness, harness, NINE, startedGame } from './support/harness.ts';

describe('the moderator’s inbox (issue 25 item 4)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(() => h.close());

  for (const [variant, prefix] of [
    ['palermo', 'Pa'],
    ['palermo-intrigue', 'In'],
    ['mafia-de', 'De'],
  ] as const) {
    it(`${variant}: a PM shows once under its sender's name; a refusal is the system's`, async () => {
      const g = await startedGame(h, prefix, { variant, startAt: '2025-11-03T11:00', locale: 'en', ...(variant === 'mafia-de' ? { gameNumber: '7' } : {}) });
      const anna: Client = g.players[NINE[0]!]!;
      const me = `${prefix}${NINE[0]}`;
      expect((await anna.req('POST', `/api/games/${g.id}/pms`, { text: 'a question for the moderators' })).status).toBe(200);
      const inbox = await g.mod.req('GET', `/api/games/${g.id}/inbox`);
      expect(inbox.status).toBe(200);
      const items = inbox.json.items as { kind: string; author?: string; text: string; code?: string }[];
      const pm = items.filter((i) => i.text.includes('a question for the moderators'));
      expect(pm, JSON.stringify(pm)).toHaveLength(1);
      expect(pm[0]!.author).toBe(me);
      // No seat ids anywhere in the moderator's inbox.
      for (const i of items) expect(i.author ?? '', JSON.stringify(i)).not.toMatch(/^p\d+$/);
      // A refused command (a vote for nobody in the game): the moderator sees to whom the refusal went.
      // mafia-de's ballot is a PM; the others vote in the thread.
      const bad = await anna.req('POST', `/api/games/${g.id}/${variant === 'mafia-de' ? 'pms' : 'posts'}`, { text: 'Vote: Nobodyatall' });
      expect(bad.status).toBe(200);
      const after = (await g.mod.req('GET', `/api/games/${g.id}/inbox`)).json.items as typeof items;
      // A refusal the moderator reads (a flagged one) names to whom it went, never as if the player wrote it.
      for (const r of after.filter((i) => i.kind === 'rejection')) expect(r.author).toBe(`→ ${me}`);
      const own = (await anna.req('GET', `/api/games/${g.id}/inbox`)).json.items as typeof items;
      const refusals = own.filter((i) => i.kind === 'rejection');
      expect(refusals.length, JSON.stringify(own.slice(-3))).toBeGreaterThan(0);
      for (const r of refusals) expect(r.author).toBeUndefined();
    });
  }
});
