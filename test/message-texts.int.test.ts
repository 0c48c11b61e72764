// GET /api/variants/:id/texts: a rulebook's templates in one language and English (the engine's under the
// rulebook's), with its role, side and team names, rendered by the same renderer as the server's text.
import { describe, expect, it } from 'vitest';
import { renderParts } from '../src/i18n/render.ts';
import { getVariant } from '../src/variants/registry.ts';
import { harness } from './support/harness.ts';

describe('message tables for clients', () => {
  it('serves the language asked for and English, and renders as the server does', async () => {
    const h = await harness();
    const r = await h.app.inject({ method: 'GET', url: '/api/variants/palermo/texts?locale=el' });
    expect(r.statusCode, r.body).toBe(200);
    const t = r.json();
    expect(Object.keys(t.messages).sort()).toEqual(['el', 'en']);
    expect(t.messages.el['MSG-START']).toContain('Το παιχνίδι ξεκινά!');
    expect(t.messages.en['MSG-START']).toContain('The game starts!');
    // The engine's templates sit under the rulebook's (a key only the engine has is there too).
    expect(Object.keys(t.messages.el).length).toBeGreaterThan(Object.keys(getVariant('palermo')!.messages.el!).length);
    expect(t.roles.find((x: { id: string }) => x.id === 'killer').names).toEqual({ el: expect.any(String), en: expect.any(String) });
    // The client's tables render a message exactly as the server's variant does.
    const parts = [{ key: 'MSG-KILL', params: { r: 2, names: { list: ['Anna', 'Babis'], join: 'and' as const } } }];
    expect(renderParts(t, 'el', parts)).toBe(renderParts(getVariant('palermo')!, 'el', parts));
    expect(renderParts(t, 'el', parts)).toContain('Γύρος 2');
    await h.app.close();
  });

  it('refuses an unknown rulebook or language with a stable code', async () => {
    const h = await harness();
    const unknown = await h.app.inject({ method: 'GET', url: '/api/variants/nope/texts?locale=en' });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 'game.unknown_variant']);
    const lang = await h.app.inject({ method: 'GET', url: '/api/variants/palermo/texts?locale=fr' });
    expect([lang.statusCode, lang.json().error.code]).toEqual([400, 'request.invalid']);
    await h.app.close();
  });
});
