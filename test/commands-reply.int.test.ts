// Issue 15 items 2, 3, 6 through the API: the reply of POST /posts and /pms names the commands read in the text,
// a keyword that forms no command line earns a private hint in the game's language, signing up is a command line,
// and an English game teaches English keywords in its role messages and forms.
import { describe, expect, it } from 'vitest';
import { harness, NINE, startedGame } from './support/harness.ts';

describe('the reply names what was read (issue 15 item 2)', () => {
  it('PAL-VOTE-2, PAL-GEN-4, PAL-GEN-5: commands in the reply; a vote mid-line or without its colon is hinted, bold counts, quotes never do', async () => {
    const h = await harness();
    try {
      const { id, players, roles } = await startedGame(h);
      const voter = players.Anna!;
      const target = NINE.find((n) => n !== 'Anna')!;
      const post = (text: string) => voter.req('POST', `/api/games/${id}/posts`, { text });

      const mid = await post(`Good evening all. Vote: ${target}`);
      expect(mid.status).toBe(200);
      expect(mid.json).toMatchObject({ accepted: false, commands: [] });
      expect(mid.json.rejections).toEqual([
        { code: 'R-HINT-OWN-LINE', text: 'Not counted: write “Vote: <name>” on a line of its own.', params: { example: 'Vote: <name>' } },
      ]);
      expect((await post(`vote ${target.toLowerCase()}`)).json).toMatchObject({ accepted: false, commands: [], rejections: [{ code: 'R-HINT-OWN-LINE' }] });

      // A sentence that uses the word is discussion: nothing read, nothing said.
      expect((await post('I will vote later tonight.')).json).toMatchObject({ accepted: true, commands: [], rejections: [] });
      // Quoted vote lines are never votes (and never hinted).
      expect((await post(`[quote="Babis"][b]Vote: ${target}[/b][/quote]\nagreed`)).json).toMatchObject({ accepted: true, commands: [], rejections: [] });
      expect((await post(`> **Vote: ${target}**\nagreed`)).json).toMatchObject({ accepted: true, commands: [], rejections: [] });
      // Bold BBCode and Markdown vote lines count.
      expect((await post(`Evening.\n[b]Vote: ${target}[/b]`)).json).toMatchObject({ accepted: true, commands: [{ command: 'vote', target }] });
      expect((await post(`**Ψήφος: ${target}**`)).json).toMatchObject({ accepted: true, commands: [{ command: 'vote', target }] });
      // A refused command is still named as read.
      const self = await post('Vote: Anna');
      expect(self.json).toMatchObject({ accepted: false, commands: [{ command: 'vote', target: 'Anna' }], rejections: [{ code: 'R-VOTE-SELF' }] });

      // PMs: an order is named (and refused in round 1); free text holds none and is forwarded.
      const killer = NINE.find((n) => roles[n] === 'killer')!;
      const kill = await players[killer]!.req('POST', `/api/games/${id}/pms`, { text: `Kill: ${target}` });
      expect(kill.json).toMatchObject({ commands: [{ command: 'kill', target }], rejections: [{ code: 'R-KILL-ROUND1' }] });
      const free = await players[killer]!.req('POST', `/api/games/${id}/pms`, { text: 'A question about the rules.' });
      expect(free.json).toMatchObject({ accepted: true, commands: [], rejections: [] });
    } finally {
      await h.close();
    }
  });
});

describe('signup is a command line (issue 15 item 3)', () => {
  it('PAL-SIGN-1: "I do not want to join" signs nobody up and gets no wrong sentence; a guest’s vote is "not signed up"', async () => {
    const h = await harness();
    try {
      const mod = await h.client('SMod');
      const g = await mod.req('POST', '/api/games', { variant: 'palermo', title: 'Signup', startAt: '2025-11-10T11:00', locale: 'en' });
      const id = g.json.id as string;
      const guest = await h.client('Watcher');
      const no = await guest.req('POST', `/api/games/${id}/posts`, { text: 'I do not want to join, sorry' });
      expect(no.json).toMatchObject({ accepted: true, commands: [], rejections: [] });
      const watching = await guest.req('POST', `/api/games/${id}/posts`, { text: 'Just watching, I do NOT want to play' });
      expect(watching.json).toMatchObject({ accepted: true, commands: [], rejections: [] });
      expect((await mod.req('GET', `/api/games/${id}`)).json.players).toHaveLength(0);
      const vote = await guest.req('POST', `/api/games/${id}/posts`, { text: 'Vote: Anna' });
      expect(vote.json.rejections).toEqual([{ code: 'R-NOT-SIGNED-UP', text: 'You are not signed up for this game.' }]);
      // The keyword opening a longer line: a hint; the keyword as its own line: a signup.
      const almost = await guest.req('POST', `/api/games/${id}/posts`, { text: 'Join me, everyone!' });
      expect(almost.json).toMatchObject({ commands: [], rejections: [{ code: 'R-HINT-OWN-LINE', text: 'Not counted: write “Join” on a line of its own.' }] });
      const join = await guest.req('POST', `/api/games/${id}/posts`, { text: 'Hello all!\n[b]Join[/b]' });
      expect(join.json).toMatchObject({ accepted: true, commands: [{ command: 'join' }] });
      // The signup endpoint posts the join keyword (in the game's language).
      const other = await h.client('Second');
      expect((await other.req('POST', `/api/games/${id}/signup`)).json).toMatchObject({ accepted: true, commands: [{ command: 'join' }] });
      expect((await mod.req('GET', `/api/games/${id}`)).json.players.map((p: any) => p.name)).toEqual(['Watcher', 'Second']);
    } finally {
      await h.close();
    }
  });
});

describe('an English game speaks English commands (issue 15 item 6)', () => {
  it('PAL-GEN-8: role messages and /actions templates use the English keywords; the Greek ones stay accepted', async () => {
    const h = await harness();
    try {
      const { id, players, roles } = await startedGame(h);
      const killer = NINE.find((n) => roles[n] === 'killer')!;
      const inbox = await players[killer]!.req('GET', `/api/games/${id}/inbox`);
      const role = inbox.json.items.find((i: any) => i.code === 'MSG-ROLE-KILLER')!.text as string;
      expect(role).toContain('“Kill: <name>”');
      expect(role).toContain('“Out: <name>”');
      expect(role).not.toMatch(/ΔΟΛΟΦΟΝΙΑ|ΚΑΡΦΩΜΑ/);
      const actions = await players[killer]!.req('GET', `/api/games/${id}/actions`);
      expect(actions.json.actions.map((a: any) => a.template)).toContain('Vote: {name}');
      expect(JSON.stringify(actions.json.actions)).not.toMatch(/Ψήφος|ΔΟΛΟΦΟΝΙΑ|ΚΑΡΦΩΜΑ/);
      const target = NINE.find((n) => n !== killer)!;
      const greek = await players[killer]!.req('POST', `/api/games/${id}/posts`, { text: `Ψήφος: ${target}` });
      expect(greek.json).toMatchObject({ accepted: true, commands: [{ command: 'vote', target }] });
    } finally {
      await h.close();
    }
  });
});

describe('every input’s reply names what it did (issue 25 item 8)', () => {
  it('PAL-LW-1: a voted-out player’s post of last words is named in the reply, not "no command read"; a vote names its taught keyword', async () => {
    const h = await harness();
    try {
      const { id, players } = await startedGame(h, '', { variant: 'palermo', startAt: '2025-11-03T11:00', locale: 'el' });
      const [out, ...rest] = NINE as [string, ...string[]];
      for (const n of rest) {
        const r = await players[n]!.req('POST', `/api/games/${id}/posts`, { text: `Ψήφος: ${out}` });
        // The reply names the vote as the Greek game teaches it.
        expect(r.json).toMatchObject({ accepted: true, commands: [{ command: 'vote', target: out, label: 'Ψήφος' }] });
      }
      await h.at('2025-11-03T18:00:00Z');
      const lw = await players[out]!.req('POST', `/api/games/${id}/posts`, { text: 'Ήμουν πολίτης. Καλή τύχη σε όλους.' });
      expect(lw.json).toMatchObject({ accepted: true, rejections: [], commands: [{ command: 'lastwords', label: 'τελευταία λόγια' }] });
      // Used once: a second post is refused, and still named.
      const again = await players[out]!.req('POST', `/api/games/${id}/posts`, { text: 'και κάτι ακόμα' });
      expect(again.json).toMatchObject({ accepted: false, commands: [{ command: 'lastwords' }], rejections: [{ code: 'R-LW-USED' }] });
    } finally {
      await h.close();
    }
  });
});
