#!/usr/bin/env node
// `npm run build`: bundles the CLI (with the server it starts) and the simulator's worker into dist/ with esbuild,
// one flat folder of ES modules split into shared chunks, so a command loads a few files instead of hundreds
// (zod alone is ~130 modules unbundled). Packages that find their own files at run time (native addons, static
// assets, worker-thread transports) stay in node_modules. Without esbuild (an install without devDependencies)
// it builds nothing and bin/narrator.mjs runs the sources through tsx.
// Then the web app: Vite builds web/ (and the protocol types it reads) into public/, which `narrator serve`
// serves at /, when public/ is missing or older than any of its sources (web/, src/protocol/ and the pure modules
// of src/ it bundles: src/core/text.ts, src/i18n/).
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}dist`;
let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  process.stderr.write('narrator build: esbuild is not installed (no devDependencies); bin/narrator.mjs will run the sources through tsx\n');
  process.exit(0);
}
rmSync(out, { recursive: true, force: true });
await esbuild.build({
  absWorkingDir: root,
  // Flat names: pool.ts starts `./worker-main.js` next to the chunk it is bundled into.
  entryPoints: { main: 'src/cli/main.ts', 'worker-main': 'src/sim/worker-main.ts' },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  external: ['better-sqlite3', 'pg', 'playwright-core', 'tsx', 'fastify', '@fastify/*', 'pino', 'ws', 'nodemailer', 'web-push'],
  // Bundled CommonJS packages (commander) call require(); an ES module has to provide it.
  banner: { js: "import { createRequire as __narratorRequire } from 'node:module'; const require = __narratorRequire(import.meta.url);" },
  logLevel: 'warning',
});

/** The newest modification time of the given files and of any file under the given folders (ms). */
function newest(...dirs) {
  let t = 0;
  for (const dir of dirs)
    if (statSync(`${root}${dir}`).isFile()) t = Math.max(t, statSync(`${root}${dir}`).mtimeMs);
    else
      for (const e of readdirSync(`${root}${dir}`, { withFileTypes: true, recursive: true }))
        if (e.isFile()) t = Math.max(t, statSync(`${e.parentPath ?? e.path}/${e.name}`).mtimeMs);
  return t;
}

const page = `${root}public/index.html`;
if (existsSync(`${root}web`) && (!existsSync(page) || statSync(page).mtimeMs < newest('web', 'src/protocol', 'src/core/text.ts', 'src/i18n'))) {
  const vite = await import('vite').catch(() => null);
  if (!vite) process.stderr.write('narrator build: vite is not installed (no devDependencies); the web app is not built\n');
  else await vite.build({ configFile: `${root}web/vite.config.ts`, logLevel: 'warn' });
}
