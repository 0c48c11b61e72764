// The guide to adding a rulebook (docs/new-rulebook.md) proven on its example, examples/village: registered as a
// fifth rulebook would be (its folder and one registry line; here `registerVariant`, as a plug-in does), it is
// created, signed up, played through the server's API to a winner, moderated with the shared toolkit, listed by
// `narrator rules`, and simulated by the random bots every rulebook gets from its declarations. Nothing else in the
// project knows the village.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { village } from '../examples/village/index.ts';
import { villageSim } from '../examples/village/sim.ts';
import { describeActions } from '../src/engine/actions/text.ts';
import { timeline } from '../src/engine/timeline.ts';
import { playGame } from '../src/sim/runner.ts';
import { getVariant, registerVariant } from '../src/variants/registry.ts';
import { registerSim } from '../src/variants/sims.ts';
import { type Client, type Harness, harness } from './support/harness.ts';

const NAMES = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'];

beforeAll(() => {
  registerVariant(village);
  registerSim('village', villageSim);
});

describe('the example rulebook, registered like a fifth one', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('refuses a second registration under the same id', () => {
    expect(getVariant('village')).toBe(village);
    expect(() => registerVariant(village)).toThrow(/already registered/);
  });

  it('is described from its declarations: actions, schedule and toolkit', () => {
    const actions = describeActions(village.actions!, 'en').join('\n');
    expect(actions).toContain('Vote: <name>');
    expect(actions).toContain('Kill: <name>');
    expect(actions).toMatch(/R-MAFIA-TARGET/);
    const day = timeline(village.timetable.schedule, 'en', village.optionsSchema.parse({}));
    expect(day.map((l) => l.when).join(' ')).toMatch(/20:00[\s\S]*08:00/);
    expect(Object.keys(village.modActions ?? {})).toEqual(expect.arrayContaining(['substitute', 'move-deadline', 'void-vote', 'remove', 'restore', 'end']));
  });

  it('is offered by the server under its own name, with its texts', async () => {
    const list = (await (await h.client('Reader')).req('GET', '/api/variants')).json.variants as { id: string; names: Record<string, string> }[];
    expect(list.find((v) => v.id === 'village')?.names.en).toBe('Village (the example rulebook)');
    const texts = (await (await h.client('Reader2')).req('GET', '/api/variants/village/texts?locale=de')).json;
    // A German reader gets the interface in German and the rulebook's English name and messages (it has no German).
    expect(texts.labels.de['rulebook.village']).toBe('Village (the example rulebook)');
    expect(texts.messages.en['MSG-LYNCH']).toContain('is lynched');
  });

  it('is played through the API from the signup to a winner', async () => {
    const mod = await h.client('VMod');
    const created = await mod.req('POST', '/api/games', { title: 'Village', variant: 'village', startAt: '2025-11-03T11:00', locale: 'en' });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const players: Record<string, Client> = {};
    for (const n of NAMES) {
      players[n] = await h.client(n);
      expect((await players[n]!.req('POST', `/api/games/${id}/signup`)).json.accepted).toBe(true);
    }
    expect((await mod.req('POST', `/api/games/${id}/start`)).json.accepted).toBe(true);
    const roles = (await mod.req('GET', `/api/games/${id}`)).json.moderator.roles as Record<string, string>;
    const mafia = NAMES.filter((n) => roles[n] === 'mafioso');
    const town = NAMES.filter((n) => roles[n] === 'villager');
    expect(mafia).toHaveLength(2);

    // The legal actions come from the declarations: a villager may vote for anyone else in the game by day, and has
    // no order; the mafia's order is refused by day with the window's code.
    const legal = async (n: string) => (await players[n]!.req('GET', `/api/games/${id}/actions`)).json.actions as { command: string; targets?: string[] }[];
    const dayLegal = await legal(town[0]!);
    expect(dayLegal.map((a) => a.command)).toEqual(['vote']);
    expect(dayLegal[0]!.targets).toHaveLength(NAMES.length - 1);
    const early = await players[mafia[0]!]!.req('POST', `/api/games/${id}/pms`, { text: `Kill: ${town[0]}` });
    expect(early.json.rejections?.[0]?.code ?? early.text).toBe('R-NIGHT-ONLY');

    // The moderator moves the day's dusk earlier; the game posts it and honours it.
    const moved = await mod.req('POST', `/api/games/${id}/mod`, { action: 'move-deadline', args: { deadline: 'dusk', to: '2025-11-03T18:00' } });
    expect(moved.status, moved.text).toBe(200);

    // Day 1: every villager votes for the first mafioso, who is lynched at the moved dusk.
    for (const n of town) expect((await players[n]!.req('POST', `/api/games/${id}/posts`, { text: `Vote: ${mafia[0]}` })).status).toBe(200);
    let game = (await mod.req('GET', `/api/games/${id}`)).json;
    expect(game.votes).toMatchObject({ round: 1, phase: 'day', lines: [{ target: mafia[0], votes: town.length }] });
    // The rulebook's zone is London's (UTC in November): the moved dusk fires at 18:00, not at 20:00.
    await h.at('2025-11-03T18:00:01Z');
    game = (await mod.req('GET', `/api/games/${id}`)).json;
    expect(game.players.find((p: { name: string }) => p.name === mafia[0])).toMatchObject({ status: 'out', removedHow: 'vote' });
    expect(game.nextDeadline).toMatchObject({ kind: 'dawn', time: '2025-11-04T08:00:00+00:00' });

    // Night 1: the other mafioso may not name his partner, then orders a villager's death.
    const own = await players[mafia[1]!]!.req('POST', `/api/games/${id}/pms`, { text: `Kill: ${mafia[0]}` });
    expect(own.json.rejections?.[0]?.code ?? own.text).toMatch(/R-TARGET-OUT|R-MAFIA-TARGET/);
    const nightLegal = await legal(mafia[1]!);
    expect(nightLegal.find((a) => a.command === 'kill')?.targets).toHaveLength(town.length);
    expect((await players[mafia[1]!]!.req('POST', `/api/games/${id}/pms`, { text: `Kill: ${town[0]}` })).json.rejections ?? []).toEqual([]);
    // The order is the mafia's secret: their channel has it; a villager may not read that channel, nor finds it in
    // his inbox.
    const channel = await players[mafia[1]!]!.req('GET', `/api/games/${id}/teams/mafia`);
    expect(channel.text).toContain(`Order taken: ${town[0]} tonight.`);
    expect((await players[town[1]!]!.req('GET', `/api/games/${id}/teams/mafia`)).status).toBe(403);
    expect((await players[town[1]!]!.req('GET', `/api/games/${id}/inbox`)).text).not.toContain('Order taken');
    await h.at('2025-11-04T08:00:01Z');
    const thread = JSON.stringify((await players[town[1]!]!.req('GET', `/api/games/${id}/thread`)).json);
    expect(thread).toContain(`At dawn ${town[0]} is found dead. ${town[0]} was villager.`);

    // Day 2: the last mafioso is voted out; the village wins.
    for (const n of town.slice(1)) await players[n]!.req('POST', `/api/games/${id}/posts`, { text: `Vote: ${mafia[1]}` });
    await h.at('2025-11-04T20:00:01Z');
    game = (await mod.req('GET', `/api/games/${id}`)).json;
    expect(game.status).toBe('ended');
    expect(JSON.stringify((await players[town[1]!]!.req('GET', `/api/games/${id}/thread`)).json)).toContain('The game is over: the village win.');
  });

  it('plays random games in the simulator from its declarations alone', () => {
    const roleList = villageSim.roleList(8);
    for (let seed = 1; seed <= 30; seed++) {
      const r = playGame({ variant: 'village', players: 8, roleList, options: {}, policy: 'random' }, seed);
      expect(['village', 'mafia']).toContain(r.winner);
      expect(r.rounds).toBeGreaterThan(0);
    }
  });
});
