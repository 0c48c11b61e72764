// The web app's build: web/ → public/ (what `narrator serve` serves at /). Hashed file names, no inline script or
// style (the server's CSP is `default-src 'self'`), Preact's JSX runtime.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../public', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // A data: URI module preload polyfill would be an inline script the CSP refuses.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    rollupOptions: {
      // The service worker is served at /sw.js (its scope is where it is served from, so it keeps a fixed name).
      input: { main: fileURLToPath(new URL('index.html', import.meta.url)), sw: fileURLToPath(new URL('src/sw.ts', import.meta.url)) },
      output: { entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js') },
    },
  },
});
