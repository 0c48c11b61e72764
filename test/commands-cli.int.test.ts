// `narrator play` names the commands it read in each post and PM, as the server's reply does (issue 15 item 2).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const bin = join(root, 'bin', 'narrator.mjs');
const script = 'test/scenarios/palermo/rules/command-lines.yaml';

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('narrator play: commands read', () => {
  it('PAL-VOTE-2, PAL-GEN-5: the transcript lists each input with its commands, "no command" when it holds none', () => {
    const r = run('play', script);
    expect(r.code).toBe(0);
    expect(r.out).toContain('== Commands read ==');
    expect(r.out).toMatch(/\] Eleni \(post\): no command\n/);
    expect(r.out).toMatch(/\] Eleni \(post\): vote → Babis\n/);
    expect(r.out).toMatch(/\] Anna \(pm\): kill → Eleni\n/);
    expect(r.out).toContain('R-HINT-OWN-LINE — Δεν καταμετρήθηκε: γράψε «Ψήφος: <όνομα>» σε δική του γραμμή.');
  });

  it('--json carries them as `inputs`, also with --locale', () => {
    for (const args of [
      ['play', '--json', script],
      ['play', '--json', '--locale', 'en', script],
    ]) {
      const t = JSON.parse(run(...args).out) as { inputs: { by: string; via: string; commands: unknown[] }[] };
      expect(t.inputs).toHaveLength(19);
      expect(t.inputs.at(-1)).toMatchObject({ by: 'Anna', via: 'pm', commands: [{ command: 'kill', target: 'Eleni' }] });
      expect(t.inputs[0]).toMatchObject({ by: 'Hara', via: 'post', commands: [] });
    }
  });
});
