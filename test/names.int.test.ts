// Look-alike names (issue 10 item 6): an account name or a seat confusable with an existing one is refused (UTS #39
// skeletons with case folding and without accents), and so are bidirectional controls in names.
import { afterEach, describe, expect, it } from 'vitest';
import { BIDI_CONTROL, nameSkeleton } from '../src/core/names.ts';
import { Client, type Harness, harness } from './support/harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('nameSkeleton', () => {
  it('makes look-alikes collide: Cyrillic, full width, accents, case folding (ß), digits for letters', () => {
    for (const alike of ['Anna', 'Аnna', 'Ａｎｎａ', 'Anná', 'ANNA', 'anna', 'Ánna'])
      expect([alike, nameSkeleton(alike)]).toEqual([alike, nameSkeleton('Anna')]);
    expect(nameSkeleton('Straße')).toBe(nameSkeleton('STRASSE'));
    expect(nameSkeleton('B0b')).toBe(nameSkeleton('Bob'));
    expect(nameSkeleton('Κώστας')).toBe(nameSkeleton('Kωστας'));
    for (const [a, b] of [
      ['Anna', 'Anne'],
      ['Babis', 'Chris'],
      ['Dora', 'Dara'],
      ['Eleni', 'Elena'],
    ])
      expect(nameSkeleton(a!)).not.toBe(nameSkeleton(b!));
  });

  it('bidi controls are U+202A–202E and U+2066–2069', () => {
    for (const c of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069])
      expect(BIDI_CONTROL.test(`a${String.fromCodePoint(c)}b`)).toBe(true);
    expect(BIDI_CONTROL.test('Anna\u200e')).toBe(false);
  });
});

describe('account names', () => {
  it('refuses a sign-up confusable with an existing account (409 account.name_confusable) and bidi controls (400 account.bidi_control)', async () => {
    h = await harness();
    await h.client('Anna');
    await h.client('Straße');
    const c = await h.client('someone', true);
    const up = (name: string) => c.req('POST', '/api/accounts', { name, password: 'password1' });
    for (const name of ['Аnna', 'Ａｎｎａ', 'Anná', 'STRASSE', 'strasse']) {
      const r = await up(name);
      expect([name, r.status, r.json.error.code]).toEqual([name, 409, 'account.name_confusable']);
      expect(r.json.error.message).toMatch(/looks like the existing name/);
    }
    expect((await up('ANNA')).json.error.code).toBe('account.name_taken');
    for (const name of ['Anna\u202Eevil', '\u2066Bob\u2069', 'Bo\u202Db']) {
      const r = await up(name);
      expect([r.status, r.json.error.code]).toEqual([400, 'account.bidi_control']);
    }
    expect((await up('Anne')).status).toBe(201);
  });
});

describe('seats', () => {
  /** Look-alike accounts kept from before skeletons existed (stored without one), logged in. */
  async function legacy(hh: Harness, name: string, created: number): Promise<Client> {
    await hh.store.createAccount({
      id: `legacy-${created}`,
      name,
      nameKey: name.toLowerCase(),
      passwordHash: await hh.accounts.hash('password1'),
      createdAt: created,
    });
    const c = new Client(hh.app, name);
    expect((await c.req('POST', '/api/sessions', { name, password: 'password1' })).status).toBe(200);
    return c;
  }

  it('a seat confusable with another seat is refused, through /signup and through a join post, and by substitution', async () => {
    h = await harness();
    const mod = await h.client('Mod');
    const g = await mod.req('POST', '/api/games', { variant: 'palermo', title: 'T', startAt: '2025-11-03T11:00', locale: 'en' });
    const id = g.json.id as string;
    const anna = await legacy(h, 'Anna', 1);
    const cyrillic = await legacy(h, 'Аnna', 2);
    const fullWidth = await legacy(h, 'Ａｎｎａ', 3);
    expect((await anna.req('POST', `/api/games/${id}/signup`)).json.accepted).toBe(true);
    const refused = await cyrillic.req('POST', `/api/games/${id}/signup`);
    expect([refused.status, refused.json.error.code, refused.json.error.details]).toEqual([409, 'game.name_confusable', { like: 'Anna' }]);
    const post = await fullWidth.req('POST', `/api/games/${id}/posts`, { text: 'Συμμετοχή' });
    expect([post.status, post.json.error.code]).toEqual([409, 'game.name_confusable']);
    const seats = await mod.req('GET', `/api/games/${id}`);
    expect(seats.json.players.map((p: { name: string }) => p.name)).toEqual(['Anna']);
    // Only one seat: the look-alike may still not take another player's seat by substitution.
    for (const n of ['Babis', 'Chris', 'Dora', 'Eleni', 'Fotis', 'Giorgos', 'Hara']) await (await h.client(n)).req('POST', `/api/games/${id}/signup`);
    expect((await mod.req('POST', `/api/games/${id}/start`)).json.accepted).toBe(true);
    const sub = await mod.req('POST', `/api/games/${id}/mod`, { action: 'substitute', args: { old: 'Babis', new: 'Аnna' } });
    expect([sub.status, sub.json.error.code]).toEqual([409, 'game.name_confusable']);
    // Taking Anna's own seat is a plain substitution.
    const own = await mod.req('POST', `/api/games/${id}/mod`, { action: 'substitute', args: { old: 'Anna', new: 'Аnna' } });
    expect(own.json.accepted).toBe(true);
  });
});
