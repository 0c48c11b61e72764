// The moderator toolkit every rulebook shares (engine/modkit.ts, issue 25 items 1 and 3): the same names in every
// rulebook, a tool a rulebook lacks refused with its reason, older names accepted (and old event logs still load),
// and a moderator's pause honoured by the legal actions as the rulebook's policy says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GameEvent } from '../../src/core/types.ts';
import { replay } from '../../src/engine/evolve.ts';
import { createGame, decide } from '../../src/engine/game.ts';
import { modArg } from '../../src/engine/modactions.ts';
import { modKitOf, modListing, TOOLKIT } from '../../src/engine/modkit.ts';
import { matchName } from '../../src/engine/names.ts';
import type { GameState } from '../../src/engine/state.ts';
import type { Variant } from '../../src/engine/variant.ts';
import { loadScript } from '../../src/scripts/load.ts';
import { runScript } from '../../src/scripts/run.ts';
import { VARIANTS } from '../../src/variants/registry.ts';

const root = join(import.meta.dirname, '..');
const MOD = { kind: 'moderator', name: 'mod' } as const;
/** Event types a rulebook wrote in older logs and writes no more (mafia-de's days and nights open with the engine's `phase.entered`). */
const RETIRED = new Set(['phase.opened', 'phase.deadline']);

/** Runs a scenario script of test/scenarios. */
function script(file: string) {
  const path = join(root, 'scenarios', file);
  return runScript(loadScript(readFileSync(path, 'utf8'), path));
}

describe('the moderator toolkit (issue 25 item 1)', () => {
  it('PAL-MOD-1, DE-MOD-1, CIT-MOD-10, INT-MOD-4: every rulebook lists the same toolkit names first, none lacking', async () => {
    for (const v of Object.values(VARIANTS)) {
      const listing = modListing(v);
      expect(listing.slice(0, TOOLKIT.length).map((a) => a.name)).toEqual([...TOOLKIT]);
      expect(listing.filter((a) => a.toolkit && a.forbidden !== undefined)).toEqual([]);
      // Every listed action runs (a moderator may send it), and an older name is listed under its action only.
      for (const a of listing) expect(a.info).toBeDefined();
      const aliases = Object.keys(v.modKit?.aliases ?? {});
      expect(listing.map((a) => a.name).filter((n) => aliases.includes(n))).toEqual([]);
    }
    const aliasesOf = (id: string, name: string) => modListing(VARIANTS[id]!).find((a) => a.name === name)?.aliases;
    expect(aliasesOf('palermo', 'end')).toEqual(['stop']);
    expect(aliasesOf('mafia-de', 'substitute')).toEqual(['replace']);
    expect(aliasesOf('mafia-de', 'remove')).toEqual(['disqualify']);
    expect(aliasesOf('mafia-cities', 'remove')).toEqual(['kill']);
    expect(aliasesOf('palermo-intrigue', 'remove')).toEqual(['expel']);
  });

  it('a rulebook that lacks a tool must say why; the engine refuses it with that reason and the listing shows it', async () => {
    const mk = modKitOf<unknown, Record<never, never>>();
    const base = {
      match: matchName,
      nameParam: 'text',
      pause: { inputs: 'accepted' as const, rules: 'none' },
      end: { summary: 'end', rules: 'none', args: z.object({ side: z.enum(['a', 'none']) }).strict(), run: () => undefined },
      remove: { summary: 'remove', rules: 'none', args: z.object({ name: modArg.name() }).strict(), run: () => undefined },
      restore: { rules: 'none', announce: () => undefined },
    };
    expect(() => mk(base)).toThrow(/substitute is neither configured nor declared forbidden/);
    const kit = mk({
      ...base,
      forbidden: { substitute: 'seats are personal', 'move-deadline': 'no deadlines', 'void-vote': 'votes are final' },
      aliases: { stop: 'end' },
    });
    expect(Object.keys(kit.actions)).toEqual(['remove', 'restore', 'end']);
    expect(() => mk({ ...base, forbidden: { substitute: 'x', 'move-deadline': 'x', 'void-vote': 'x' }, aliases: { halt: 'void-vote' } })).toThrow(
      /alias halt names void-vote/,
    );
    const listing = modListing({ modActions: kit.described, modKit: kit });
    expect(listing.find((a) => a.name === 'void-vote')).toMatchObject({ forbidden: 'votes are final', summary: 'not in this rulebook: votes are final' });

    // The engine refuses a lacking tool with its reason, in a real rulebook that declared one.
    const palermo = VARIANTS.palermo!;
    const lacking: Variant<unknown> = { ...palermo, modKit: { ...palermo.modKit!, forbidden: { 'void-vote': 'votes are final here' } } };
    const g = createGame(lacking, config('palermo'), 'seed', ['Ann', 'Bob']);
    const d = decide(lacking, g.state, { type: 'mod', at: 10, actor: MOD, mod: { action: 'void-vote', args: { name: 'Ann' } } });
    expect(d.rejections).toEqual([{ code: 'R-MOD-ARGS', params: { detail: 'not in this rulebook: votes are final here' } }]);
  });

  it('PAL-MOD-1, DE-MOD-8, CIT-MOD-4, INT-MOD-1: event logs written under the older names still load, and the older names still run', async () => {
    const logs = JSON.parse(readFileSync(join(root, 'fixtures', 'old-mod-names.json'), 'utf8')) as Record<
      string,
      { events: GameEvent[]; version: number; status: string }
    >;
    for (const [file, log] of Object.entries(logs)) {
      const variant = VARIANTS[file.split('/')[0]!]!;
      // The stored stream folds as before …
      const s: GameState<unknown> = replay(variant, log.events);
      expect([s.version, s.status]).toEqual([log.version, log.status]);
      // … and the script that wrote it, older names and all, writes the same events today: the audit record of an
      // older name says which toolkit action it ran as.
      const now = await script(file);
      expect(now.failures).toEqual([]);
      // (Event types the engine has gained since the log was written, such as the script's game.hosted, are left
      // out; sequence numbers inside later events shift with them, so the events are compared by type and audience.)
      const known = new Set(log.events.map((e) => e.type));
      const shape = (e: GameEvent) => `${e.type} ${JSON.stringify(e.audience)}`;
      // A phase's deadlines are set after the post that announces them (engine/phases.ts): they are compared apart.
      const kept = log.events.filter((e) => !RETIRED.has(e.type));
      const same = now.events.filter((e) => known.has(e.type));
      const deadlines = (es: GameEvent[]) => es.filter((e) => e.type === 'schedule.set').map((e) => e.data);
      const rest = (es: GameEvent[]) => es.filter((e) => e.type !== 'schedule.set').map(shape);
      expect(rest(same)).toEqual(rest(kept));
      expect(deadlines(same)).toEqual(deadlines(kept));
      const ran = now.events.filter((e) => e.type === 'moderator.action').map((e) => e.data as { action: string; as?: string });
      for (const r of ran) if (Object.hasOwn(variant.modKit?.aliases ?? {}, r.action)) expect(r.as).toBe(variant.modKit!.aliases[r.action]);
    }
  });
});

describe('a moderator pause (issue 25 item 3)', () => {
  it('PAL-CAL-4: in palermo the forms stay, marked paused and without a closing time; the vote counts', async () => {
    const r = await script('palermo/rules/toolkit.yaml');
    expect(r.failures).toEqual([]);
    const v = VARIANTS.palermo!;
    // The state just after the pause: replay up to the game.paused event.
    const i = r.events.findIndex((e) => e.type === 'game.paused');
    const s = replay(v, r.events.slice(0, i + 1));
    const eleni = s.order.find((id) => s.players[id]!.name === 'Eleni')!;
    const legal = v.legalActions(s, eleni);
    expect(legal.length).toBeGreaterThan(0);
    for (const a of legal) expect([a.paused, a.until]).toEqual([true, undefined]);
    const before = replay(v, r.events.slice(0, i));
    expect(v.legalActions(before, eleni).some((a) => a.until !== undefined && a.paused === undefined)).toBe(true);
  });

  it('CIT-MOD-2: in mafia-cities a pause freezes the game: no form is offered, every input is refused', async () => {
    const r = await script('mafia-cities/CIT-toolkit.yaml');
    expect(r.failures).toEqual([]);
    const v = VARIANTS['mafia-cities']!;
    const i = r.events.findIndex((e) => e.type === 'game.paused');
    const s = replay(v, r.events.slice(0, i + 1));
    for (const id of s.order) expect(v.legalActions(s, id)).toEqual([]);
    const vera = s.order.find((id) => s.players[id]!.name === 'Vera')!;
    expect(v.legalActions(replay(v, r.events.slice(0, i)), vera).length).toBeGreaterThan(0);
  });

  it('DE-SCHED-4: in mafia-de the ballot form stays open while paused, without the stale deadline', async () => {
    const r = await script('mafia-de/DE-toolkit.yaml');
    expect(r.failures).toEqual([]);
    const v = VARIANTS['mafia-de']!;
    const i = r.events.findIndex((e) => e.type === 'game.paused');
    const s = replay(v, r.events.slice(0, i + 1));
    const anna = s.order.find((id) => s.players[id]!.name === 'Anna')!;
    const vote = v.legalActions(s, anna).find((a) => a.command === 'vote');
    expect(vote).toMatchObject({ paused: true });
    expect(vote?.until).toBeUndefined();
  });
});

function config(variant: string) {
  return {
    variant,
    locale: 'en' as const,
    timeZone: 'Europe/Athens',
    calendar: VARIANTS.palermo!.defaultCalendar,
    createdAt: 0,
    startAt: 86_400_000,
    gameNumber: '1',
    options: {},
  };
}
