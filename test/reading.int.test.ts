// The thread as a forum reader uses it, through the API (issue 26 items 7 and 8): post numbers the same for every
// reader of a public thread and never counting a hidden event, a post found by its number, unread markers kept per
// account and channel (two sessions of one account agree; a marker never moves back), the vote history with each
// vote's post and the count at any past post, and a private ballot (mafia-de DE-VOTE-7) that nobody but the
// moderator sees before the result post.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, type Harness, harness, NINE, startedGame } from './support/harness.ts';

type Item = { seq: number; kind: string; author?: string; text: string; n?: number };

/** Every item of a view from the start. */
async function all(c: Client, url: string): Promise<Item[]> {
  const out: Item[] = [];
  let from = 0;
  for (;;) {
    const r = await c.req('GET', `${url}${url.includes('?') ? '&' : '?'}from=${from}&limit=500`);
    expect(r.status, r.text).toBe(200);
    out.push(...r.json.items);
    if (r.json.next === null) return out;
    from = r.json.next;
  }
}

describe('palermo: post numbers, permalinks, read markers, the vote history', () => {
  let h: Harness;
  let g: Awaited<ReturnType<typeof startedGame>>;
  let killer: string;
  let citizen: string;
  let outsider: Client;
  let anon: Client;

  beforeAll(async () => {
    h = await harness();
    g = await startedGame(h);
    killer = NINE.find((n) => g.roles[n] === 'killer')!;
    citizen = NINE.find((n) => g.roles[n] !== 'killer')!;
    const p = (n: string) => g.players[n]!;
    const post = async (n: string, text: string) => expect((await p(n).req('POST', `/api/games/${g.id}/posts`, { text })).json.accepted).toBe(true);
    await post('Anna', 'Good morning.');
    await post('Babis', 'Vote: Chris');
    // The killers talk in their channel between the thread's posts: a spectator's numbers must not show it.
    expect((await p(killer).req('POST', `/api/games/${g.id}/teams/killers`, { text: 'psst' })).status).toBe(200);
    await post('Chris', 'Vote: Babis');
    await post('Dora', 'Vote: Chris');
    await post('Babis', 'Vote: Dora');
    await post('Eleni', '@babis why Dora?');
    outsider = await h.client('Outsider');
    anon = await h.client('Anonymous', true);
  });
  afterAll(() => h.close());

  it('numbers the posts and announcements of the thread alike for every reader (edits stay unnumbered), hidden events uncounted', async () => {
    const views = await Promise.all([anon, outsider, g.players[citizen]!, g.players[killer]!, g.mod].map((c) => all(c, `/api/games/${g.id}/thread`)));
    const numbered = views.map((v) => v.filter((i) => i.kind !== 'edit').map((i) => [i.n, i.kind, i.author ?? '', i.text]));
    for (const v of numbered.slice(1)) expect(v).toEqual(numbered[0]);
    const ns = numbered[0]!.map((x) => x[0]);
    expect(ns).toEqual(ns.map((_, i) => i + 1));
    const posts = views[0]!.filter((i) => i.kind === 'post');
    expect(posts.map((i) => i.text)).toEqual(['Good morning.', 'Vote: Chris', 'Vote: Babis', 'Vote: Chris', 'Vote: Dora', '@babis why Dora?']);
    // The killers' channel numbers its own lines for its members and the moderator only.
    const team = await all(g.players[killer]!, `/api/games/${g.id}/teams/killers`);
    expect(team.filter((i) => i.kind === 'chat').map((i) => [i.n, i.text])).toEqual([[team.find((i) => i.kind === 'chat')!.n, 'psst']]);
    expect(team.filter((i) => i.n !== undefined).map((i) => i.n)).toEqual(team.filter((i) => i.n !== undefined).map((_, i) => i + 1));
  });

  it('finds a post by its number in the caller’s own numbering; an unknown number or channel is a 404', async () => {
    const thread = await all(anon, `/api/games/${g.id}/thread`);
    const target = thread.find((i) => i.text === 'Vote: Babis')!;
    for (const c of [anon, g.players[killer]!, g.mod]) {
      const r = await c.req('GET', `/api/games/${g.id}/channels/main/posts/${target.n}`);
      expect(r.status).toBe(200);
      // Reading from just before that number shows the post first.
      const page = await c.req('GET', `/api/games/${g.id}/thread?from=${r.json.seq - 1}&limit=1`);
      expect(page.json.items[0]).toMatchObject({ n: target.n, text: 'Vote: Babis' });
    }
    expect((await anon.req('GET', `/api/games/${g.id}/channels/main/posts/999`)).json.error.code).toBe('post.unknown');
    expect((await anon.req('GET', `/api/games/${g.id}/channels/main/posts/0`)).status).toBe(400);
    expect((await anon.req('GET', `/api/games/${g.id}/channels/team:killers/posts/1`)).status).toBe(404);
    expect((await g.players[killer]!.req('GET', `/api/games/${g.id}/channels/team:killers/posts/1`)).status).toBe(200);
  });

  it('keeps one unread marker per account and channel: two sessions of one account agree, the marker never moves back', async () => {
    const phone = g.players[citizen]!;
    const desktop = await h.client(phone.name, true);
    expect((await desktop.req('POST', '/api/sessions', { name: phone.name, password: 'password1' })).status).toBe(200);
    const before = await desktop.req('GET', `/api/games/${g.id}/reading`);
    const main = before.json.channels.find((c: { channel: string }) => c.channel === 'main');
    expect(main).toMatchObject({ last: 0, unread: main.posts });
    expect(main.firstUnread.n).toBe(1);
    // The phone reads up to post 4; the desktop opens at post 5.
    const marked = await phone.req('POST', `/api/games/${g.id}/channels/main/read`, { post: 4 });
    expect(marked.json).toMatchObject({ channel: 'main', last: 4, unread: main.posts - 4 });
    const after = (await desktop.req('GET', `/api/games/${g.id}/reading`)).json.channels.find((c: { channel: string }) => c.channel === 'main');
    expect(after).toMatchObject({ last: 4, firstUnread: { n: 5 } });
    const fifth = await desktop.req('GET', `/api/games/${g.id}/thread?from=${after.firstUnread.seq - 1}&limit=1`);
    expect(fifth.json.items[0].n).toBe(5);
    // A device behind the other does not move the marker back; a marker past the thread stops at its last post.
    expect((await desktop.req('POST', `/api/games/${g.id}/channels/main/read`, { post: 2 })).json.last).toBe(4);
    expect((await desktop.req('POST', `/api/games/${g.id}/channels/main/read`, { post: 10_000 })).json).toMatchObject({ last: main.posts, firstUnread: null });
    expect((await phone.req('GET', `/api/games/${g.id}/reading`)).json.channels.find((c: { channel: string }) => c.channel === 'main').unread).toBe(0);
    // Another account's marker is its own.
    expect((await g.players[killer]!.req('GET', `/api/games/${g.id}/reading`)).json.channels.find((c: { channel: string }) => c.channel === 'main').last).toBe(
      0,
    );
  });

  it('a spectator’s reading: the public thread only; a team channel he does not read does not exist for him; no account, no marker', async () => {
    const r = await outsider.req('GET', `/api/games/${g.id}/reading`);
    expect(r.json.channels.map((c: { channel: string }) => c.channel)).toEqual(['main']);
    expect((await outsider.req('POST', `/api/games/${g.id}/channels/main/read`, { post: 3 })).json.last).toBe(3);
    expect((await outsider.req('POST', `/api/games/${g.id}/channels/team:killers/read`, { post: 1 })).status).toBe(404);
    expect((await anon.req('GET', `/api/games/${g.id}/reading`)).status).toBe(401);
    const team = (await g.players[killer]!.req('GET', `/api/games/${g.id}/reading`)).json.channels.map((c: { channel: string }) => c.channel);
    expect(team).toEqual(['main', 'team:killers']);
    expect((await outsider.req('POST', `/api/games/${g.id}/channels/main/read`, { post: -1 })).status).toBe(400);
  });

  it('lists every vote and change with its post number, and recounts the vote at any past post', async () => {
    const r = await anon.req('GET', `/api/games/${g.id}/votes/history`);
    expect(r.status).toBe(200);
    expect(r.json.live).toBe(true);
    const entries = r.json.rounds.flatMap((x: { entries: unknown[] }) => x.entries);
    const thread = await all(anon, `/api/games/${g.id}/thread`);
    const n = (text: string, author: string) => thread.find((i) => i.text === text && i.author?.endsWith(author))!.n;
    expect(
      entries.map((e: { kind: string; voter: string; target: string; previous?: string; post?: { n: number } }) => [
        e.kind,
        e.voter,
        e.target,
        e.previous,
        e.post?.n,
      ]),
    ).toEqual([
      ['vote', 'Babis', 'Chris', undefined, n('Vote: Chris', 'Babis')],
      ['vote', 'Chris', 'Babis', undefined, n('Vote: Babis', 'Chris')],
      ['vote', 'Dora', 'Chris', undefined, n('Vote: Chris', 'Dora')],
      ['change', 'Babis', 'Dora', 'Chris', n('Vote: Dora', 'Babis')],
    ]);
    // The history's count is the live count.
    const live = (await anon.req('GET', `/api/games/${g.id}`)).json.votes;
    expect(r.json.count).toEqual(live);
    // At Dora's vote Chris led with two; at Anna's greeting nobody had voted.
    const at = async (post: number) => (await anon.req('GET', `/api/games/${g.id}/channels/main/posts/${post}/votes`)).json.count;
    const doras = await at(n('Vote: Chris', 'Dora')!);
    expect(doras.lines.map((l: { target: string; voters: string[] }) => [l.target, l.voters])).toEqual([
      ['Chris', ['Babis', 'Dora']],
      ['Babis', ['Chris']],
    ]);
    expect((await at(n('Good morning.', 'Anna')!)).lines).toEqual([]);
    expect((await at(thread.at(-1)!.n!)).lines).toEqual(live.lines);
    expect((await anon.req('GET', `/api/games/${g.id}/channels/main/posts/999/votes`)).status).toBe(404);
  });
});

describe('mafia-de: a private ballot’s history (DE-VOTE-7)', () => {
  let h: Harness;
  let g: Awaited<ReturnType<typeof startedGame>>;
  let outsider: Client;

  beforeAll(async () => {
    h = await harness();
    g = await startedGame(h, '', { variant: 'mafia-de', startAt: '2025-11-03T11:00', locale: 'en', gameNumber: '7' });
    outsider = await h.client('Outsider');
  });
  afterAll(() => h.close());

  const history = async (c: Client) => (await c.req('GET', `/api/games/${g.id}/votes/history`)).json;

  it('DE-VOTE-7: before the deadline only the moderator sees the ballots; after it everyone sees the published ones', async () => {
    // Day 1 is open once the game starts; each player votes by PM to the game master.
    for (const [i, name] of NINE.entries()) {
      const target = NINE[(i + 1) % 3]!;
      const r = await g.players[name]!.req('POST', `/api/games/${g.id}/pms`, { text: `Stimme: ${target}` });
      expect(r.json.accepted, r.text).toBe(true);
    }
    const mod = await history(g.mod);
    expect(mod.live).toBe(true);
    expect(mod.rounds.flatMap((x: { entries: unknown[] }) => x.entries)).toHaveLength(NINE.length);
    for (const c of [outsider, g.players.Anna!]) {
      const mine = await history(c);
      expect(mine).toEqual({ live: false, rounds: [], count: null });
      const thread = await all(c, `/api/games/${g.id}/thread`);
      for (const post of thread.filter((i) => i.n !== undefined))
        expect((await c.req('GET', `/api/games/${g.id}/channels/main/posts/${post.n}/votes`)).json.count).toBeNull();
    }
    // The day's deadline publishes every counted vote in the result post.
    const deadline = (await g.mod.req('GET', `/api/games/${g.id}`)).json.nextDeadline.at;
    await h.at(new Date(deadline + 1000).toISOString());
    for (const c of [outsider, g.players.Anna!]) {
      const after = await history(c);
      const lines = after.rounds.flatMap((x: { entries: { kind: string; post?: { n: number } }[] }) => x.entries);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((e: { kind: string }) => e.kind === 'published')).toBe(true);
      const result = lines[0].post.n;
      const page = await c.req('GET', `/api/games/${g.id}/channels/main/posts/${result}`);
      expect(page.status).toBe(200);
      const count = (await c.req('GET', `/api/games/${g.id}/channels/main/posts/${result}/votes`)).json.count;
      expect(count.phase).toBe('published');
      expect(count.lines.reduce((n: number, l: { votes: number }) => n + l.votes, 0)).toBe(NINE.length);
      // The post before the result post still shows nothing.
      expect((await c.req('GET', `/api/games/${g.id}/channels/main/posts/${result - 1}/votes`)).json.count).toBeNull();
    }
  });
});
