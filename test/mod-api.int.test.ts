// POST /api/games/:id/mod: every moderator action of every rulebook has its own schema in the OpenAPI document
// (a union over "action" built from the schemas the engine validates with); refusals are 4xx with stable codes
// and commit nothing; /docs can send the CSRF header and its description shows the WebSocket frame intact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_MOD_ACTIONS } from '../src/engine/modactions.ts';
import { VARIANTS } from '../src/variants/registry.ts';
import { type Client, type Harness, harness, startedGame } from './support/harness.ts';

let h: Harness;
let id: string;
let mod: Client;
let doc: any;
beforeAll(async () => {
  h = await harness();
  ({ id, mod } = await startedGame(h));
  doc = (await h.app.inject({ method: 'GET', url: '/docs/json' })).json();
});
afterAll(() => h.close());

describe('the /mod body in OpenAPI', () => {
  it('is a union over "action" with one member per action of the engine and of every variant (PAL-MOD-3 move-deadline among them)', () => {
    const body = doc.paths['/api/games/{id}/mod'].post.requestBody.content['application/json'].schema;
    expect(body.discriminator).toEqual({ propertyName: 'action' });
    const members: any[] = body.oneOf;
    expect(Array.isArray(members)).toBe(true);
    const names = members.map((m) => m.properties.action.const ?? m.properties.action.enum?.[0]);
    const expected = new Set([...Object.keys(ENGINE_MOD_ACTIONS), ...Object.values(VARIANTS).flatMap((v) => Object.keys(v.modActions ?? {}))]);
    expect(new Set(names)).toEqual(expected);
    expect(names).not.toContain('prolong');
    // No member takes a free-form object: each lists its arguments.
    const move = members.find((m) => (m.properties.action.const ?? m.properties.action.enum?.[0]) === 'move-deadline');
    expect(JSON.stringify(move.properties.args)).toContain('"deadline"');
    expect(move.description).toContain('palermo');
    expect(move.description).toContain('mafia-de');
    const runoff = members.find((m) => (m.properties.action.const ?? m.properties.action.enum?.[0]) === 'runoff-length');
    expect(runoff.properties.args.required).toEqual(['minutes']);
    expect(runoff.properties.args.additionalProperties).toBe(false);
  });

  it('declares the CSRF header as a security scheme next to the cookie, and the WebSocket frame survives Markdown', () => {
    expect(doc.components.securitySchemes.csrf).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-csrf-token' });
    const post = doc.paths['/api/games/{id}/posts'].post;
    expect(post.security).toEqual([{ session: [], csrf: [] }]);
    // GET routes need no CSRF token.
    expect(doc.paths['/api/me'].get.security).toEqual([{ session: [] }]);
    expect(doc.info.description).toContain('{"type":"subscribe","game":"GAME_ID","from":SEQ}');
    expect(doc.info.description).not.toMatch(/<[a-z ]+>/);
  });
});

describe('refused moderator actions', () => {
  it('an unknown action is 400 request.invalid naming the actions; another rulebook’s action is 400 mod.unknown_action', async () => {
    const unknown = await mod.req('POST', `/api/games/${id}/mod`, { action: 'prolong', args: { deadline: 'close', to: '2025-11-03T20:30' } });
    expect([unknown.status, unknown.json.error.code]).toEqual([400, 'request.invalid']);
    expect(unknown.json.error.message).toContain('move-deadline');
    const other = await mod.req('POST', `/api/games/${id}/mod`, { action: 'reject-dm', args: { reason: 'x' } });
    expect([other.status, other.json.error.code]).toEqual([400, 'mod.unknown_action']);
    expect(other.json.error.message).toContain('palermo');
  });

  it('arguments outside the action’s schema are 400 with the path of the bad argument', async () => {
    const r = await mod.req('POST', `/api/games/${id}/mod`, { action: 'runoff-length', args: { minutes: 45 } });
    expect([r.status, r.json.error.code]).toEqual([400, 'request.invalid']);
    expect(r.json.error.message).toContain('args.minutes');
    const extra = await mod.req('POST', `/api/games/${id}/mod`, { action: 'status', args: { verbose: true } });
    expect(extra.status).toBe(400);
  });

  it('a refusal of the rules is 422 mod.refused with the reason, and commits nothing', async () => {
    const before = (await mod.req('GET', `/api/games/${id}`)).json.version;
    const r = await mod.req('POST', `/api/games/${id}/mod`, { action: 'move-deadline', args: { deadline: 'runoff', to: '2025-11-03T21:30' } });
    expect([r.status, r.json.error.code]).toEqual([422, 'mod.refused']);
    expect(r.json.error.message).toContain('no runoff is open');
    expect(r.json.error.details.rejections[0].code).toBe('R-MOD-ARGS');
    expect((await mod.req('GET', `/api/games/${id}`)).json.version).toBe(before);
  });

  it('PAL-MOD-3: an accepted move-deadline answers 200 and posts the new local time', async () => {
    const r = await mod.req('POST', `/api/games/${id}/mod`, { action: 'move-deadline', args: { deadline: 'close', to: '2025-11-03T20:30' } });
    expect([r.status, r.json.accepted]).toEqual([200, true]);
    const thread = await mod.req('GET', `/api/games/${id}/thread`);
    expect(JSON.stringify(thread.json.items)).toContain('20:30');
  });
});
