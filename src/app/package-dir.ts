// Where the narrator package lives, found from the running file: the sources (src/…), the build (dist/, one
// flat folder of bundles) and test bundles sit at different depths, so a fixed '../..' would be wrong for some.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

let found: { dir: string; version: string } | undefined;

/** The package's root folder and version: the nearest package.json named "narrator" above this module. */
export function narratorPackage(): { dir: string; version: string } {
  if (found) return found;
  for (let dir = new URL('.', import.meta.url); ; dir = new URL('..', dir)) {
    const file = new URL('package.json', dir);
    if (existsSync(file)) {
      const p = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (p.name === 'narrator') return (found = { dir: fileURLToPath(dir), version: p.version ?? 'unknown' });
    }
    if (new URL('..', dir).href === dir.href) throw new Error('narrator: cannot find the package root (no package.json named "narrator" above the code)');
  }
}
