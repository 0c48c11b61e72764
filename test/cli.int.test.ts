// The `narrator` command end to end: play (exit codes 0/1/2, --json shape), verify (honest and tampered), rules.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const bin = join(root, 'bin', 'narrator.mjs');
const tmp = mkdtempSync(join(tmpdir(), 'narrator-cli-'));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const demoJson = (() => {
  const out = execFileSync(process.execPath, [bin, 'play', '--json', 'examples/palermo-demo.yaml'], { cwd: root, encoding: 'utf8' });
  return JSON.parse(out) as Record<string, unknown> & { events: { type: string; data: Record<string, unknown> }[] };
})();

function writeJson(name: string, data: unknown): string {
  const f = join(tmp, name);
  writeFileSync(f, JSON.stringify(data));
  return f;
}

describe('narrator play', () => {
  it('runs the demo game to the end (exit 0) and prints thread, private messages and players', () => {
    const r = run('play', 'examples/palermo-demo.yaml');
    expect(r.code).toBe(0);
    expect(r.out).toContain('== Thread ==');
    expect(r.out).toContain('Winner: citizens');
    expect(r.out).toContain('-- Eleni');
  });

  it('--json has the documented keys, ISO times with the zone offset, and every event with its audience', () => {
    for (const k of ['public', 'private', 'rejections', 'players', 'winner', 'commitment', 'seed', 'events']) expect(demoJson).toHaveProperty(k);
    const pub = demoJson.public as { at: string; kind: string; text: string }[];
    expect(pub[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+02:00$/);
    const players = demoJson.players as { name: string; role: string; team: string; status: string }[];
    expect(players.find((p) => p.name === 'Chris')).toMatchObject({ role: 'killer', team: 'killers', status: 'out' });
    expect(demoJson.winner).toMatchObject({ side: 'citizens' });
    expect(demoJson.events.every((e) => 'audience' in e)).toBe(true);
  });

  it('--locale en renders the same game in English', () => {
    const r = run('play', '--locale', 'en', 'examples/palermo-demo.yaml');
    expect(r.out).toContain('The citizens win!');
  });

  it('exit 1 and the failed expectation when a script expects something false', () => {
    const f = join(tmp, 'wrong.yaml');
    writeFileSync(f, readFileSync(join(root, 'examples', 'palermo-demo.yaml'), 'utf8').replace('winner: citizens', 'winner: killers'));
    const r = run('play', f);
    expect(r.code).toBe(1);
    expect(r.err).toContain('winner expected "killers", got "citizens"');
  });

  it('exit 2 with file and line for malformed YAML', () => {
    const f = join(tmp, 'bad.yaml');
    writeFileSync(f, 'variant: palermo\noptions:\n  startAt: 2025-10-06T09:00\ntimeline:\n  - at: 2025-10-06T10:00\n    post: [unclosed\n');
    const r = run('play', f);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(new RegExp(`${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+: `));
  });

  it('exit 2 naming the line of a schema error, an unknown variant, a bad time, an unknown role', () => {
    const cases: [string, number, string][] = [
      ['variant: palermo\noptions:\n  startAt: 2025-10-06T09:00\ntimeline:\n  - at: 2025-10-06T10:00\n    by: Anna\n', 5, 'exactly one of'],
      ['variant: nope\noptions:\n  startAt: 2025-10-06T09:00\n', 1, 'unknown variant'],
      ['variant: palermo\noptions:\n  startAt: tomorrow\n', 3, 'not a time'],
      ['variant: palermo\noptions:\n  startAt: 2025-10-06T09:00\n  roles:\n    Anna: wizard\n', 5, 'unknown role'],
      ['variant: palermo\noptions:\n  startAt: 2025-10-06T09:00\nplayers: [Anna, anna]\n', 4, 'twice'],
    ];
    for (const [text, line, what] of cases) {
      const f = join(tmp, `case-${line}.yaml`);
      writeFileSync(f, text);
      const r = run('play', f);
      expect(r.code, text).toBe(2);
      expect(r.err, text).toContain(`:${line}: `);
      expect(r.err, text).toContain(what);
    }
  });

  it('exit 2 for a missing file', () => {
    const r = run('play', join(tmp, 'missing.yaml'));
    expect(r.code).toBe(2);
    expect(r.err).toContain('cannot read the file');
  });
});

describe('narrator verify', () => {
  it('accepts an honest transcript', () => {
    const r = run('verify', writeJson('honest.json', demoJson));
    expect(r.code).toBe(0);
    expect(r.out).toContain('dealt fairly');
  });

  it('rejects a transcript whose seed was altered', () => {
    const r = run('verify', writeJson('seed.json', { ...demoJson, seed: 'narrator-demo-10' }));
    expect(r.code).toBe(1);
    expect(r.out).toContain('commitment mismatch');
    // Every draw follows from the real seed, so none follows from this one: no line may say they were reproduced.
    expect(r.out).not.toMatch(/ok +\d+ draws reproduced/);
    expect(r.out).toMatch(/FAIL {2}(\d+) of \1 draws do not follow from the seed/);
  });

  it('rejects a transcript whose deal was altered', () => {
    const t = structuredClone(demoJson);
    const dealt = t.events.find((e) => e.type === 'game.dealt')!;
    const roles = dealt.data.roles as Record<string, string>;
    const [a, b] = Object.keys(roles)
      .filter((id) => roles[id] !== roles[Object.keys(roles)[0]!])
      .concat(Object.keys(roles)[0]!);
    [roles[a!], roles[b!]] = [roles[b!]!, roles[a!]!];
    const r = run('verify', writeJson('deal.json', t));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/the deal gives|is listed as/);
  });

  it('rejects a transcript whose listed roles disagree with the deal', () => {
    const t = structuredClone(demoJson) as typeof demoJson & { players: { name: string; role: string }[] };
    t.players[0]!.role = 'killer';
    const r = run('verify', writeJson('players.json', t));
    expect(r.code).toBe(1);
    expect(r.out).toContain('is listed as killer');
  });

  it('a running game (no published seed) is not a mismatch: its own message and exit 4', () => {
    const { seed: _s, ...rest } = demoJson;
    for (const data of [rest, { ...rest, seed: null }]) {
      const r = run('verify', writeJson('open.json', data));
      expect(r.code).toBe(4);
      expect(r.out).toContain('not published yet');
      expect(r.out).not.toContain('does NOT match');
    }
  });

  it('never reports the draws as reproduced while an event says they do not match', () => {
    const t = structuredClone(demoJson);
    const withDraws = t.events.filter((e) => Array.isArray(e.data?.drawn) && (e.data.drawn as number[]).length > 0);
    const last = withDraws[withDraws.length - 1]!;
    (last.data.drawn as number[])[0] = 0.5;
    const r = run('verify', writeJson('draw.json', t));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL {2}event \d+ .*do not match the seed/);
    expect(r.out).not.toMatch(/ok +\d+ draws reproduced/);
    expect(r.out).toMatch(/FAIL {2}1 of \d+ draws do not follow from the seed/);
  });

  it('CIT-ENG-7, CIT-SET-3: a mafia-cities export verifies with its cities, touring order and lots; one city changed fails', () => {
    const out = execFileSync(process.execPath, [bin, 'play', '--json', 'examples/mafia-cities-demo.yaml'], { cwd: root, encoding: 'utf8' });
    const t = JSON.parse(out) as { events: { type: string; data: { cityOf?: Record<string, number> } }[] };
    const honest = run('verify', writeJson('cities.json', t));
    expect(honest.code).toBe(0);
    expect(honest.out).toMatch(/ok {4}cities: 18 players dealt into Север, Юг, Восток as the seed gives/);
    expect(honest.out).toMatch(/ok {4}touring order .+ as the seed gives/);
    expect(honest.out).toMatch(/ok {4}event \d+ \(cit\.drawn\): lot «execution:.+» among \d+ recomputed from the log/);
    const cityOf = t.events.find((e) => e.type === 'cit.cities')!.data.cityOf!;
    cityOf.p1 = (cityOf.p1! + 1) % 3;
    const tampered = run('verify', writeJson('cities-tampered.json', t));
    expect(tampered.code).toBe(1);
    expect(tampered.out).toMatch(/FAIL {2}the deal puts Anna in .+, the log says .+/);
    expect(tampered.out).toContain('does NOT match');
  });

  it('a YAML file or non-export JSON is a usage error (exit 2) with a sentence, not a parser message', () => {
    const r = run('verify', 'examples/palermo-demo.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain('is not JSON');
    expect(r.err).not.toMatch(/Unexpected token|SyntaxError/);
    const arr = run('verify', writeJson('array.json', [1, 2]));
    expect(arr.code).toBe(2);
    expect(arr.err).toContain('not a game export');
  });
});

describe('usage errors and exit codes', () => {
  it('an unknown flag exits 2 naming the flag; --help and --version exit 0', () => {
    const r = run('play', '--jsn', 'examples/palermo-demo.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown option '--jsn'");
    expect(run('--bogus').code).toBe(2);
    expect(run('nosuchcommand').code).toBe(2);
    expect(run('--help').code).toBe(0);
    const v = run('--version');
    expect(v.code).toBe(0);
    expect(v.out.trim()).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
  });

  it('play --locale fr blames the flag, not the script file (exit 2)', () => {
    const r = run('play', '--locale', 'fr', 'examples/palermo-demo.yaml');
    expect(r.code).toBe(2);
    expect(r.err).toContain("option '--locale <locale>' argument 'fr' is invalid");
    expect(r.err).not.toContain('malformed script');
    expect(r.err).not.toContain('palermo-demo.yaml');
  });

  it('bad option values exit 2 naming the flag, never an internal error', () => {
    const cases: [string[], string][] = [
      [['serve', '--port', 'abc'], '--port'],
      [['serve', '--port', '70000'], '--port'],
      [['serve', '--sync', 'maybe'], '--sync'],
      [['serve', '--speed', '-3'], '--speed'],
      [['serve', '--clock', 'soon'], '--clock'],
      [['rules', 'palermo', '--locale', 'xx'], '--locale'],
      [['simulate', '--players', 'many'], '--players'],
    ];
    for (const [args, flag] of cases) {
      const r = run(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toContain(flag);
      expect(r.err, args.join(' ')).not.toContain('internal error');
    }
  });
});

describe('narrator serve with a database it cannot use', () => {
  it('prints one line naming the database problem and exits 2, no stack trace (issue 16)', () => {
    // Port 1 on the loopback refuses at once; the second names a database that the local server does not hold
    // (without a local PostgreSQL it is refused too, which is the same one-line answer).
    for (const url of ['postgres://postgres@127.0.0.1:1/narrator', 'postgres://postgres@127.0.0.1:5432/narrator_no_such_db']) {
      const r = run('serve', '--port', '0', '--db', url);
      expect(r.code, url).toBe(2);
      const lines = r.err.trim().split('\n');
      expect(lines, url).toHaveLength(1);
      expect(lines[0], url).toMatch(/^narrator serve: the database cannot be reached: /);
      expect(r.err, url).not.toMatch(/internal error|\n\s+at /);
    }
  });
});

describe('narrator rules', () => {
  it('lists the variants and describes palermo', () => {
    expect(run('rules').out).toContain('palermo');
    const r = run('rules', 'palermo');
    expect(r.code).toBe(0);
    expect(r.out).toContain('informant');
    expect(r.out).toContain('13:00');
    expect(run('rules', 'nope').code).toBe(2);
  });

  it('lists each rulebook’s moderator actions with what they do (PAL-MOD-3 move-deadline, DE-SCHED-5)', () => {
    const p = run('rules', 'palermo');
    expect(p.out).toMatch(/move-deadline +Move one deadline .*\(PAL-MOD-3\)/);
    expect(p.out).toMatch(/runoff-length +.*\(PAL-MOD-4, PAL-TIE-4\)/);
    expect(p.out).toMatch(/^ +note +/m);
    const d = run('rules', 'mafia-de');
    expect(d.out).toMatch(/move-deadline +.*\(DE-SCHED-5, DE-SIGN-8\)/);
    expect(d.out).not.toContain('runoff-length');
  });

  it('prints the declared day: phases, instants with their local times and options, windows, pauses', () => {
    const p = run('rules', 'palermo').out;
    expect(p).toContain('Schedule (local times in Europe/Athens, default options):');
    expect(p).toMatch(/^ +13:00 +kill: murder; team reveal in odd rounds \(from round 2\)$/m);
    expect(p).toMatch(/^ +opening → close +window vote: main vote$/m);
    expect(p).toMatch(/^ +runoff \+ 30 min \(runoffExtensionMinutes\)\n +extension: /m);
    const d = run('rules', 'mafia-de').out;
    expect(d).toMatch(/^ +first 20:00 \(dayEnd\) ≥ 8 h \(minDayHours\) after opening\n +day\.end: vote closes/m);
    expect(d).toMatch(/window role-choice: .*\(round 1 only\)/);
  });
});
