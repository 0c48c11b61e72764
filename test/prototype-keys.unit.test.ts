// Names of Object.prototype's members as user input in the rulebooks (issue 10 item 2): a lookup by a user's key in
// a plain object found `constructor` there, so the pseudonym «constructor» counted as bound to somebody else.
import { describe, expect, it } from 'vitest';
import { own } from '../src/core/own.ts';
import { loadScript } from '../src/scripts/load.ts';
import { runScript } from '../src/scripts/run.ts';

const ROLES = `    Anna: detective
    Bernd: matchmaker
    Clara: guardian-angel
    Dieter: citizen
    Emil: citizen
    Frieda: citizen
    Gustav: citizen
    Hanna: citizen
    Ingo: citizen
    Jana: mafioso
    Klaus: mafioso
    Lena: mafioso
    Moritz: mafia-boss`;

describe('prototype names as user keys', () => {
  it('own() answers only own properties', () => {
    const table: Record<string, number> = { a: 1 };
    for (const k of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) expect(own(table, k)).toBeUndefined();
    expect(own(table, 'a')).toBe(1);
  });

  it('DE-NEWS-3: an ad under the pseudonym «constructor» or «toString» is accepted (it was refused as bound to another player)', async () => {
    const yaml = `variant: mafia-de
title: prototype pseudonyms
options:
  startAt: "2011-03-31T10:00"
  seed: "mafia-de-136-127061"
  gameNumber: "136"
  roles:
${ROLES}
  variant: { "minPostsPerCycle": 0 }
players: [Anna, Bernd, Clara, Dieter, Emil, Frieda, Gustav, Hanna, Ingo, Jana, Klaus, Lena, Moritz]
timeline:
  - at: "2011-03-31T11:00"
    by: "Moritz"
    pm: "Anzeige: constructor\\nDas Finanzamt sieht alles."
    expect: { "private": { "Moritz": ["Angenommen: Anzeige unter dem Pseudonym „constructor“"] } }
  - at: "2011-03-31T11:30"
    by: "Anna"
    pm: "Anzeige: toString\\nIch habe einen Verdacht."
    expect: { "private": { "Anna": ["Angenommen: Anzeige unter dem Pseudonym „toString“"] } }
`;
    const r = await runScript(loadScript(yaml, 'prototype-pseudonyms.yaml'));
    expect(r.events.filter((e) => e.type === 'ad.accepted').map((e) => (e.data as { display: string }).display)).toEqual(['constructor', 'toString']);
  });
});
