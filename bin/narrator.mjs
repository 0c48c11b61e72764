#!/usr/bin/env node
// Launcher: runs the built JavaScript in dist/ (`npm run build`, run by `npm install` and `npm start`). In a
// development checkout where dist/ is missing or older than a source file it runs the TypeScript sources through
// tsx instead, so an edit is never shadowed by a stale build (NARRATOR_SOURCE=1 forces the sources).
import { existsSync, readdirSync, statSync } from 'node:fs';
import module from 'node:module';

// Node 22.1+ keeps compiled code between runs (a no-op on Node 20, which lacks it).
module.enableCompileCache?.();

const root = new URL('../', import.meta.url);
const built = new URL('dist/main.js', root);
const sources = new URL('src/', root);

/** The newest modification time of any file under dir (ms). */
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) t = Math.max(t, statSync(`${e.parentPath ?? e.path}/${e.name}`).mtimeMs);
  }
  return t;
}

function useBuild() {
  if (process.env.NARRATOR_SOURCE === '1' || !existsSync(built)) return false;
  // An installed package without its sources always runs the build.
  if (!existsSync(sources)) return true;
  return statSync(built).mtimeMs >= newest(sources);
}

if (useBuild()) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('src/cli/main.ts', root).href);
}
