// Bundles the `narrator` command into one ESM file with esbuild, so tests that restart the server many times
// (the crash test) pay one module load per start instead of transpiling every TypeScript file through tsx.
// Packages that locate their own files at run time (native addon, static assets, worker threads) stay external.
import { build } from 'esbuild';

/** Packages left to node_modules. */
const EXTERNAL = ['better-sqlite3', '@fastify/swagger-ui', '@fastify/static', 'pino', 'ws', '@fastify/websocket'];

/** Writes the bundle to `outfile`. */
export async function bundleCli(root: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [`${root}/src/cli/main.ts`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    nodePaths: [`${root}/node_modules`],
    logLevel: 'error',
    // Bundled CommonJS dependencies call require(); an ESM bundle has to provide it.
    banner: { js: "import { createRequire as __narratorRequire } from 'node:module'; const require = __narratorRequire(import.meta.url);" },
  });
}
