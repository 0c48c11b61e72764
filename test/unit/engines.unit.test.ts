// The Node versions the README promises (package.json "engines") must satisfy every installed package's own
// "engines" field, or `npm install` warns EBADENGINE on a supported Node.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const semver = createRequire(import.meta.url)('semver') as {
  satisfies(v: string, range: string): boolean;
  minVersion(range: string): { version: string } | null;
};
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};

/** The lowest release of each major line the engines field admits (20.19.0, 22.13.0). */
function claimedMinimums(range: string): string[] {
  return range.split('||').map((part) => semver.minVersion(part.trim())!.version);
}

describe('supported Node versions', () => {
  it('every locked package declares support for the lowest version of each Node line we claim (no EBADENGINE)', () => {
    const mins = claimedMinimums(pkg.engines.node);
    expect(mins).toEqual(['20.19.0', '22.13.0']);
    const bad: string[] = [];
    for (const [path, p] of Object.entries(lock.packages)) {
      const range = p.engines && !Array.isArray(p.engines) ? p.engines.node : undefined;
      if (!path || !range) continue;
      for (const v of mins) if (!semver.satisfies(v, range)) bad.push(`${path.replace(/^.*node_modules\//, '')}@${p.version} wants node ${range}, not ${v}`);
    }
    expect(bad).toEqual([]);
  });
});
