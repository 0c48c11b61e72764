// One command path (issue 24 item 4): a game script and `narrator play` go through GameService as the API does, so
// the look-alike seat rule and the version guard hold there too; and a refusal of the service is answered by HTTP
// with the status and code the routes gave it before.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CommandError } from '../src/app/errors.ts';
import { canSee } from '../src/engine/view.ts';
import { loadScript, ScriptError } from '../src/scripts/load.ts';
import { runScript } from '../src/scripts/run.ts';
import { COMMAND_STATUS, classify } from '../src/server/http.ts';
import { type Harness, harness, startedGame } from './support/harness.ts';

const root = join(import.meta.dirname, '..');
const bin = join(root, 'bin', 'narrator.mjs');

/** A palermo script of seven players with the given timeline (YAML lines, indented two spaces). */
const script = (timeline: string, players = 'Anna, Babis, Chris, Dora, Eleni, Fotis, Giorgos') => `variant: palermo
options:
  createdAt: 2025-10-01T12:00
  signupDeadline: 2025-10-05T20:00
  startAt: 2025-10-06T09:00
  seed: command-path
  roles: { Anna: killer, Babis: killer, Chris: informant, Dora: nurse, Eleni: citizen, Fotis: citizen, Giorgos: citizen }
players: [${players}]
timeline:
${timeline}
`;

const run = (text: string) => runScript(loadScript(text, 'command-path.yaml'));

function play(text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'narrator-path-'));
  const file = join(dir, 'game.yaml');
  writeFileSync(file, text);
  const r = spawnSync(process.execPath, [bin, 'play', file], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('a script goes through the command path', () => {
  it('PAL-SIGN-1: a look-alike of a seat cannot join by a post, nor take a seat by substitution (game.name_confusable)', async () => {
    const steps = `  - { at: 2025-10-02T10:00, by: Аnna, post: "Συμμετοχή" }
  - { at: 2025-10-06T10:00, mod: substitute, args: { old: Babis, new: Ａｎｎａ } }`;
    const r = await run(script(steps));
    expect(r.failures).toEqual([
      'step 1 (line 10, 2025-10-02T10:00, Аnna post): refused by the command path: game.name_confusable — "Аnna" looks like "Anna" in this game',
      'step 2 (line 11, 2025-10-06T10:00 mod): refused by the command path: game.name_confusable — "Ａｎｎａ" looks like "Anna" in this game',
    ]);
    // Nothing of either step was committed.
    expect(r.state.order.map((id) => r.state.players[id]!.name)).toEqual(['Anna', 'Babis', 'Chris', 'Dora', 'Eleni', 'Fotis', 'Giorgos']);
    expect(r.events.some((e) => e.type === 'player.substituted')).toBe(false);
    // A script that expects the refusal passes; a plain name still joins.
    const expected = await run(
      script(`  - { at: 2025-10-02T10:00, by: Аnna, post: "Συμμετοχή", expect: { error: game.name_confusable } }
  - { at: 2025-10-02T10:01, by: Hara, post: "Συμμετοχή", expect: { accepted: true } }`),
    );
    expect(expected.failures).toEqual([]);
    expect(expected.state.order).toHaveLength(8);
    // An expected refusal that does not come fails.
    const missing = await run(script('  - { at: 2025-10-02T10:01, by: Hara, post: "Συμμετοχή", expect: { error: game.name_confusable } }'));
    expect(missing.failures).toEqual([
      'step 1 (line 10, 2025-10-02T10:01, Hara post): expected the command path to refuse with game.name_confusable, got no refusal',
    ]);
  });

  it('PAL-SIGN-1: a players list with look-alike names is refused before the game exists (narrator play exits 2)', async () => {
    const text = script('  - { at: 2025-10-06T10:00, advance: true }', 'Anna, Babis, Chris, Dora, Eleni, Fotis, Аnna');
    await expect(run(text)).rejects.toThrow(ScriptError);
    await expect(run(text)).rejects.toThrow('players: "Аnna" looks like "Anna" in this game (game.name_confusable)');
    const cli = play(text);
    expect(cli.code).toBe(2);
    expect(cli.err).toContain('game.name_confusable');
  });

  it('a step with ifVersion is refused (game.stale_version, nothing committed) unless the game is at that version in its author’s numbering', async () => {
    const note = (v: number, extra = '') => `  - { at: 2025-10-06T10:00, mod: note, args: { text: "hello" }, ifVersion: ${v}${extra} }`;
    const stale = await run(script(note(0)));
    expect(stale.failures).toHaveLength(1);
    const at = /refused by the command path: game\.stale_version — the game is at version (\d+), not 0/.exec(stale.failures[0]!);
    expect(at).not.toBeNull();
    expect(stale.events.some((e) => e.type === 'message' && JSON.stringify(e.data).includes('hello'))).toBe(false);
    // The moderator's numbering is the global one: the version the refusal named is accepted.
    const global = Number(at![1]);
    const ok = await run(script(note(global, ', expect: { accepted: true, public: ["hello"] }')));
    expect(ok.failures).toEqual([]);
    expect((await run(script(note(global - 1, ', expect: { error: game.stale_version }')))).failures).toEqual([]);

    // A player's numbering counts only the events he may see.
    const before = await run(script('  - { at: 2025-10-06T10:00, advance: true }'));
    const anna = before.state.order.find((id) => before.state.players[id]!.name === 'Anna')!;
    const mine = before.events.filter((e) => canSee({ kind: 'player', id: anna }, e.audience)).length;
    expect(mine).toBeLessThan(before.events.length);
    const vote = (v: number, expect: string) =>
      script(`  - { at: 2025-10-06T10:00, advance: true }\n  - { at: 2025-10-06T10:05, by: Anna, post: "Ψήφος: Eleni", ifVersion: ${v}, expect: ${expect} }`);
    expect((await run(vote(mine, '{ accepted: true }'))).failures).toEqual([]);
    expect((await run(vote(before.events.length, '{ error: game.stale_version }'))).failures).toEqual([]);

    // narrator play reports an unexpected refusal as a failed expectation (exit 1).
    const cli = play(script(note(0)));
    expect(cli.code).toBe(1);
    expect(cli.err).toContain('refused by the command path: game.stale_version');
  });

  it('ifVersion belongs to a step of one input (a batch moves the version under its own feet)', () => {
    expect(() => loadScript(script('  - { at: 2025-10-02T10:00, posts: { Hara: "hi", Ilias: "hi" }, ifVersion: 3 }'), 'x.yaml')).toThrow(
      'ifVersion belongs to a step of one input',
    );
  });
});

describe('the service’s refusals over HTTP', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('each code keeps its status: 409 for a stale version, a conflict, a look-alike, a moderator twice or a player as moderator; 422 for a refused moderator action; 403 for a chat line of one out of the team', () => {
    expect(COMMAND_STATUS).toEqual({
      'game.stale_version': 409,
      'game.conflict': 409,
      'game.name_confusable': 409,
      'mod.refused': 422,
      'team.not_member': 403,
      'game.already_moderator': 409,
      'game.player_cannot_moderate': 409,
    });
    const e = new CommandError('game.stale_version', 'the game is at version 3, not 2', { version: 3 });
    expect(classify(e)).toEqual({ status: 409, code: 'game.stale_version', message: 'the game is at version 3, not 2', details: { version: 3 } });
  });

  it('what the service throws for a command is what the route answers: same status, code and details', async () => {
    h = await harness();
    const { id, mod, players } = await startedGame(h);
    const hh = h;
    /** The service's own answer to a command of the moderator, as the error handler classifies it. */
    const direct = async (ifVersion: number | undefined, action: string, args: Record<string, unknown>) => {
      try {
        await hh.service.execute(id, {
          make: (at) => ({ type: 'mod', at, actor: { kind: 'moderator', name: 'Mod' }, mod: { action, args } }),
          as: () => ({ kind: 'moderator' }),
          refusals: 'error',
          ...(ifVersion !== undefined ? { ifVersion } : {}),
        });
      } catch (err) {
        return classify(err);
      }
      throw new Error('the service accepted the command');
    };
    const v = (await mod.req('GET', `/api/games/${id}`)).json.version as number;
    const cases: [number | undefined, string, Record<string, unknown>][] = [
      [v - 1, 'note', { text: 'late' }],
      [undefined, 'move-deadline', { deadline: 'runoff', to: '2025-11-03T21:30' }],
    ];
    for (const [ifVersion, action, args] of cases) {
      const want = await direct(ifVersion, action, args);
      const got = await mod.req('POST', `/api/games/${id}/mod`, { action, args, ...(ifVersion !== undefined ? { ifVersion } : {}) });
      expect([got.status, got.json.error.code, got.json.error.details]).toEqual([want.status, want.code, want.details]);
    }
    expect((await mod.req('POST', `/api/games/${id}/mod`, { action: 'note', args: { text: 'x' }, ifVersion: v - 1 })).status).toBe(409);
    // A player's stale post: 409 with his own version.
    const anna = players.Anna!;
    const mine = (await anna.req('GET', `/api/games/${id}`)).json.version as number;
    const stale = await anna.req('POST', `/api/games/${id}/posts`, { text: 'hello', ifVersion: mine - 1 });
    expect([stale.status, stale.json.error.code, stale.json.error.details]).toEqual([409, 'game.stale_version', { version: mine }]);
  });

  it('the service events keep their answers: a chat line of a non-member 403, a moderator twice or a player as moderator 409', async () => {
    h = await harness();
    const { id, mod, players, roles } = await startedGame(h);
    const citizen = Object.keys(roles).find((n) => roles[n] === 'citizen')!;
    const chat = await players[citizen]!.req('POST', `/api/games/${id}/teams/killers`, { text: 'let me in' });
    expect([chat.status, chat.json.error.code]).toEqual([403, 'team.not_member']);
    await h.client('Helper');
    expect((await mod.req('POST', `/api/games/${id}/moderators`, { name: 'Helper' })).status).toBe(200);
    const twice = await mod.req('POST', `/api/games/${id}/moderators`, { name: 'helper' });
    expect([twice.status, twice.json.error.code]).toEqual([409, 'game.already_moderator']);
    const player = await mod.req('POST', `/api/games/${id}/moderators`, { name: citizen });
    expect([player.status, player.json.error.code]).toEqual([409, 'game.player_cannot_moderate']);
  });
});
