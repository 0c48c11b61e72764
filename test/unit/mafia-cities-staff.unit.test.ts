// mafia-cities staff capacities through the real engine: which events each capacity sees (CIT-ENG-3), the staff
// cursors' paging over the same partition, the signatures of private messages (CIT-ENG-5) and who holds what
// after an appointment (CIT-ENG-2).
import { describe, expect, it } from 'vitest';
import type { GameEvent, Viewer } from '../../src/core/types.ts';
import { Cursors, canSee, viewFor } from '../../src/engine/view.ts';
import { loadScript } from '../../src/scripts/load.ts';
import { runScript } from '../../src/scripts/run.ts';
import { mafiaCities } from '../../src/variants/mafia-cities/index.ts';
import { dutyOf, staffDuties } from '../../src/variants/mafia-cities/staff.ts';

// Fixture A through Night 1: the doctor's order by day, a check and a family decision by night.
const SCRIPT = `
variant: mafia-cities
options:
  startAt: "2025-03-03T10:00"
  seed: "cit-fixture-a"
  gameNumber: "Мафия №1"
  roles: { Anna: citizen, Boris: mafioso, Vera: commissioner, Gleb: citizen, Dina: doctor, Egor: mafioso, Zhanna: citizen, Ilya: commissioner, Kirill: maniac, Lev: citizen }
  variant:
    cityNames: [Север, Юг]
    cities: { Anna: Север, Boris: Север, Vera: Север, Gleb: Север, Dina: Север, Egor: Юг, Zhanna: Юг, Ilya: Юг, Kirill: Юг, Lev: Юг }
    tourOrder: [Юг, Север]
    judges: { Север: Anna, Юг: Lev }
players: [Anna, Boris, Vera, Gleb, Dina, Egor, Zhanna, Ilya, Kirill, Lev]
timeline:
  - { at: "2025-03-03T10:00", advance: true }
  - { at: "2025-03-03T11:00", mod: consigliere, by: Sasha, args: { name: Sasha } }
  - { at: "2025-03-03T20:00", by: Dina, pm: "/protect Gleb" }
  - { at: "2025-03-03T23:00", by: Kirill, pm: "/knife Gleb" }
  - { at: "2025-03-03T23:10", by: Vera, pm: "/check Boris" }
  - { at: "2025-03-03T23:20", by: Boris, pm: "/kill Gleb" }
  - { at: "2025-03-03T23:30", by: Anna, pm: "/check Boris" }
  - { at: "2025-03-04T10:00", advance: true }
`;

const run = await runScript(loadScript(SCRIPT, 'staff.yaml'));
const ids = Object.fromEntries(run.state.order.map((id) => [run.state.players[id]!.name, id]));
const PROKURATOR: Viewer = { kind: 'moderator', duties: ['prokurator'] };
const CONSIGLIERE: Viewer = { kind: 'moderator', duties: ['consigliere'] };
const BOTH: Viewer = { kind: 'moderator', duties: ['prokurator', 'consigliere'] };

/** The events a viewer sees whose type is `type` and whose data names `player` (by id) somewhere. */
function seen(viewer: Viewer, type: string, player?: string): GameEvent[] {
  return viewFor(viewer, run.events)
    .map((x) => x.event)
    .filter((e) => e.type === type && (player === undefined || JSON.stringify(e.data).includes(`"${ids[player]}"`)));
}

describe('mafia-cities staff capacities (CIT-ENG-3)', () => {
  it('the script ran', () => {
    expect(run.failures).toEqual([]);
  });

  it('CIT-ENG-3: a prokurator-only staff member sees the doctor’s order and the maniac, not a family inbox, a check or a mafioso’s card', () => {
    expect(seen(PROKURATOR, 'cit.protect').length).toBe(1);
    expect(seen(PROKURATOR, 'cit.knife').length).toBe(1);
    expect(seen(PROKURATOR, 'cit.check')).toEqual([]);
    expect(seen(PROKURATOR, 'cit.decision')).toEqual([]);
    expect(viewFor(PROKURATOR, run.events).filter((x) => x.event.audience.kind === 'team')).toEqual([]);
    expect(seen(PROKURATOR, 'role.assigned', 'Boris')).toEqual([]);
    expect(seen(PROKURATOR, 'role.assigned', 'Dina').length).toBe(1);
    // A PM's text is shown by what it asks for, never by who sent it: a citizen's /check is hidden as a commissioner's.
    const pms = seen(PROKURATOR, 'pm.received').map((e) => (e.data as { text: string }).text);
    expect(pms).toContain('/protect Gleb');
    expect(pms.some((t) => t.startsWith('/check') || t.startsWith('/kill'))).toBe(false);
  });

  it('CIT-ENG-3: a consigliere-only staff member sees the checks and the family, not the doctor’s order', () => {
    expect(seen(CONSIGLIERE, 'cit.protect')).toEqual([]);
    expect(seen(CONSIGLIERE, 'cit.knife')).toEqual([]);
    expect(seen(CONSIGLIERE, 'cit.check').length).toBe(1);
    expect(seen(CONSIGLIERE, 'cit.decision').length).toBe(1);
    expect(seen(CONSIGLIERE, 'role.assigned', 'Boris').length).toBe(1);
    expect(seen(CONSIGLIERE, 'role.assigned', 'Dina')).toEqual([]);
    expect(seen(CONSIGLIERE, 'pm.received').map((e) => (e.data as { text: string }).text)).not.toContain('/protect Gleb');
  });

  it('CIT-ENG-3: both capacities, or none given, see every non-secret event; public posts are everyone’s', () => {
    const all = viewFor({ kind: 'moderator' }, run.events).length;
    expect(viewFor(BOTH, run.events).length).toBe(all);
    const pub = run.events.filter((e) => e.audience.kind === 'public').length;
    for (const v of [PROKURATOR, CONSIGLIERE]) expect(viewFor(v, run.events).filter((x) => x.event.audience.kind === 'public').length).toBe(pub);
    // Every non-public event of the game belongs to exactly one duty, so the two capacities split the console.
    const p = viewFor(PROKURATOR, run.events).filter((x) => x.event.audience.kind !== 'public').length;
    const c = viewFor(CONSIGLIERE, run.events).filter((x) => x.event.audience.kind !== 'public').length;
    expect(p + c + pub).toBe(all);
    expect(p).toBeGreaterThan(0);
    expect(c).toBeGreaterThan(0);
  });

  it('CIT-ENG-3: the staff cursors page exactly what the staff member may see, in the global numbering', () => {
    const cur = new Cursors();
    for (const e of run.events) cur.add(e.audience);
    for (const v of [PROKURATOR, CONSIGLIERE, BOTH]) {
      const want = viewFor(v, run.events).map((x) => x.global);
      const got: number[] = [];
      let after = 0;
      for (;;) {
        const page = cur.next(v, after, 7);
        if (page.length === 0) break;
        got.push(...page);
        after = page.at(-1)!;
      }
      expect(got).toEqual(want);
      expect(want.every((g) => canSee(v, run.events[g - 1]!.audience))).toBe(true);
    }
  });

  it('CIT-ENG-2: after the appointment the Consigliere who appointed himself holds both; other staff the Prokurator only', () => {
    expect(staffDuties(run.state as never, 'Sasha')).toEqual(['prokurator', 'consigliere']);
    expect(staffDuties(run.state as never, 'Tolya')).toEqual(['prokurator']);
  });

  it('CIT-ENG-3: the duty of an event follows its matter (a family team event, a relay, a citizen’s card)', () => {
    const s = run.state as never;
    expect(dutyOf(s, 'message', { parts: [{ key: 'P-RELAY', params: {} }] }, { kind: 'players', ids: [] })).toBe('consigliere');
    expect(dutyOf(s, 'team.chat', {}, { kind: 'team', team: 'family-1', ids: [] })).toBe('consigliere');
    expect(dutyOf(s, 'role.assigned', { role: 'citizen' }, { kind: 'players', ids: [] })).toBe('consigliere');
    expect(dutyOf(s, 'command.rejected', { code: 'REJ-VOTE-SAME' }, { kind: 'players', ids: [] })).toBe('prokurator');
    expect(dutyOf(s, 'command.rejected', { code: 'REJ-ROLE', line: '/check Boris' }, { kind: 'players', ids: [] })).toBe('consigliere');
  });

  it('CIT-ENG-3, §0.1: a PM with a mafia command on any line, and a notice of a line not counted beside one, are the Consigliere’s', () => {
    const s = run.state as never;
    const me = { kind: 'players', ids: [] } as const;
    expect(dutyOf(s, 'pm.received', { text: '/vote Boris\n/kill Gleb' }, me)).toBe('consigliere');
    expect(dutyOf(s, 'pm.received', { text: '/protect Anna\n/vote Boris' }, me)).toBe('prokurator');
    const notice = (first: string, line: string) => dutyOf(s, 'command.rejected', { code: 'REJ-ONE-COMMAND', line, params: { first, line } }, me);
    expect(notice('/kill Gleb', '/protect Anna')).toBe('consigliere');
    expect(notice('/protect Anna', '/nokill')).toBe('consigliere');
    expect(notice('/protect Anna', '/protect Gleb')).toBe('prokurator');
  });

  it('CIT-ENG-3: a Godfather election’s lot lists the family, so it is the Consigliere’s record; an execution lot the Prokurator’s', () => {
    const s = run.state as never;
    const drawn = (purpose: string) => dutyOf(s, 'cit.drawn', { purpose, drawn: [0.5], check: { kind: 'pick', from: [], result: '' } }, { kind: 'moderator' });
    expect(drawn('godfather:Север')).toBe('consigliere');
    expect(drawn('mafioso:Север')).toBe('consigliere');
    expect(drawn('execution:Север')).toBe('prokurator');
    expect(drawn('knife')).toBe('prokurator');
  });
});

describe('mafia-cities signatures (CIT-ENG-5)', () => {
  it('CIT-ENG-5: private engine messages are signed «Консильери» for checks and «Прокуратор» for the doctor', () => {
    const vera = run.transcript.private.Vera!.filter((l) => l.text.includes('причастен'));
    expect(vera.length).toBe(1);
    expect(vera[0]!.from).toBe('Консильери');
    const dina = run.transcript.private.Dina!.filter((l) => l.kind === 'P-ACK');
    expect(dina.length).toBeGreaterThan(0);
    expect(dina.every((l) => l.from === 'Прокуратор')).toBe(true);
    // In English the same duties sign as Prokurator / Consigliere.
    expect(mafiaCities.messages.en?.['SIGN-consigliere']).toBe('Consigliere');
    expect(mafiaCities.messages.en?.['SIGN-prokurator']).toBe('Prokurator');
  });
});
