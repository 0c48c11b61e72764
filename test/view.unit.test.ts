// viewFor: what a player, the moderator or a spectator may see (DESIGN.md §2). Secrets stay secret (PAL-GEN-6).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GameEvent, Viewer } from '../src/core/types.ts';
import { Cursors, viewFor } from '../src/engine/view.ts';
import { loadScript } from '../src/scripts/load.ts';
import { runScript } from '../src/scripts/run.ts';

const demo = await runScript(loadScript(readFileSync(join(import.meta.dirname, '..', 'examples', 'palermo-demo.yaml'), 'utf8')));
const ids = Object.fromEntries(demo.state.order.map((id) => [demo.state.players[id]!.name, id]));
const roleOf = (id: string) => demo.state.players[id]!.role!;
const viewers: Viewer[] = [{ kind: 'moderator' }, { kind: 'spectator' }, ...Object.values(ids).map((id) => ({ kind: 'player' as const, id }))];

function seen(viewer: Viewer, events: readonly GameEvent[] = demo.events): GameEvent[] {
  return viewFor(viewer, events).flatMap((v) => (v.event ? [v.event] : []));
}

describe('viewFor', () => {
  it('numbers each viewer’s stream 1, 2, 3… and leaves the hidden events out entirely (the moderator: global numbers)', () => {
    for (const viewer of viewers) {
      const v = viewFor(viewer, demo.events);
      expect(v.length).toBeLessThan(demo.events.length);
      expect(v.map((x) => x.seq)).toEqual(viewer.kind === 'moderator' ? v.map((x) => x.global) : v.map((_, i) => i + 1));
      for (const x of v) expect(demo.events[x.global - 1]).toBe(x.event);
    }
  });

  it('Cursors agree with viewFor for every viewer: counts, the n-th event, the next events after any point', () => {
    const c = new Cursors();
    for (const e of demo.events) c.add(e.audience);
    for (const viewer of viewers) {
      const v = viewFor(viewer, demo.events);
      expect(c.count(viewer)).toBe(viewer.kind === 'moderator' ? demo.events.length : v.length);
      for (const x of v) expect(c.globalOf(viewer, viewer.kind === 'moderator' ? x.global : x.seq)).toBe(x.global);
      for (let g = 0; g <= demo.events.length; g += 7) {
        expect(c.count(viewer, g)).toBe(viewer.kind === 'moderator' ? g : v.filter((x) => x.global <= g).length);
        expect(c.next(viewer, g, 5)).toEqual(
          v
            .filter((x) => x.global > g)
            .slice(0, 5)
            .map((x) => x.global),
        );
      }
    }
    // A failed commit is forgotten.
    const before = c.count({ kind: 'spectator' }, 40);
    c.truncate(40);
    expect([c.size, c.count({ kind: 'spectator' })]).toEqual([40, before]);
  });

  it('a spectator sees only public events', () => {
    expect(seen({ kind: 'spectator' }).every((e) => e.audience.kind === 'public')).toBe(true);
  });

  it('PAL-GEN-6: a player sees his own role and no other player’s role before the end', () => {
    for (const [name, id] of Object.entries(ids)) {
      const mine = seen({ kind: 'player', id });
      const roles = mine.filter((e) => e.type === 'role.assigned').map((e) => (e.data as { player: string }).player);
      expect(roles, name).toEqual([id]);
      expect(
        mine.some((e) => e.type === 'game.dealt'),
        name,
      ).toBe(false);
    }
  });

  it('PAL-DIST-4: only killers see the killers’ group and murder orders; only the informant sees his knowledge', () => {
    for (const id of Object.values(ids)) {
      const mine = seen({ kind: 'player', id });
      const team = mine.filter((e) => e.audience.kind === 'team' || e.type === 'kill.ordered');
      if (roleOf(id) === 'killer') expect(team.length).toBeGreaterThan(0);
      else expect(team).toEqual([]);
      const knowledge = mine.filter((e) => e.type === 'pal.knowledge');
      expect(knowledge.length > 0).toBe(roleOf(id) === 'informant');
    }
  });

  it('PAL-GEN-6: nobody, not even the moderator, sees the seed or the key before the end', () => {
    const before = demo.events.slice(
      0,
      demo.events.findIndex((e) => e.type === 'game.ended'),
    );
    for (const viewer of [{ kind: 'moderator' }, { kind: 'spectator' }, ...Object.values(ids).map((id) => ({ kind: 'player', id }))] as Viewer[]) {
      const text = JSON.stringify(seen(viewer, before));
      expect(text.includes('narrator-demo-9'), viewer.kind).toBe(false);
      expect(seen(viewer, before).some((e) => e.type === 'seed.sealed' || e.type === 'game.keyed')).toBe(false);
    }
  });

  it('PAL-REV-7: the seed is public once the game has ended', () => {
    expect(seen({ kind: 'spectator' }).some((e) => e.type === 'seed.revealed' && (e.data as { seed: string }).seed === 'narrator-demo-9')).toBe(true);
  });

  it('the moderator sees every role and every order', () => {
    const mod = seen({ kind: 'moderator' });
    expect(mod.some((e) => e.type === 'game.dealt')).toBe(true);
    expect(mod.filter((e) => e.type === 'role.assigned')).toHaveLength(9);
    expect(mod.some((e) => e.type === 'kill.ordered')).toBe(true);
  });

  it('a rejection reaches only its author (and the moderator)', () => {
    for (const e of demo.events.filter((x) => x.type === 'command.rejected')) {
      expect(e.audience.kind).toBe('players');
      const author = (e.data as { player: string }).player;
      const others = Object.values(ids).filter((id) => id !== author);
      for (const id of others) expect(seen({ kind: 'player', id }).includes(e)).toBe(false);
    }
  });
});

const s05 = await runScript(loadScript(readFileSync(join(import.meta.dirname, 'scenarios', 'palermo', 'PAL-S05.yaml'), 'utf8')));

describe('secret configuration (PAL-GEN-6)', () => {
  it('a deal fixed by the moderator and the informant’s configured knowledge reach only the moderator', () => {
    const created = s05.events.find((e) => e.type === 'game.created')!;
    expect(JSON.stringify(created.data)).not.toContain('informantKnows');
    expect(JSON.stringify(created.data)).not.toContain('fixedRoles');
    for (const id of s05.state.order) {
      const text = JSON.stringify(
        viewFor({ kind: 'player', id }, s05.events)
          .flatMap((v) => (v.event ? [v.event] : []))
          .filter((e) => e.type !== 'seed.revealed'),
      );
      expect(text).not.toContain('fixedRoles');
      expect(text).not.toContain('informantKnows');
    }
    const mod = viewFor({ kind: 'moderator' }, s05.events).flatMap((v) => (v.event ? [v.event] : []));
    expect(mod.some((e) => e.type === 'config.sealed')).toBe(true);
    // The fold still knows the fixed deal: the roles are the ones the script fixed.
    expect(s05.state.config.fixedRoles?.Anna).toBe('killer');
  });
});
