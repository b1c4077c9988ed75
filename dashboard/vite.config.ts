import { defineConfig } from 'vite';

// `vite build dashboard` (run by scripts/setup.sh) writes dashboard/dist, served by the api process at
// /dashboard. Type-checked by vite itself; `tsc -p dashboard` checks src/.
export default defineConfig({
  base: '/dashboard/',
  logLevel: 'warn',
  build: {
    outDir: process.env.FOLIO_DASHBOARD_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    // Small app: one script and one stylesheet; no inline modulepreload polyfill (the CSP has no 'unsafe-inline').
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // pdf.js's worker (a `?url` asset) is an .mjs file; it is named .js so the dashboard's asset route
        // serves it with its JavaScript type (a module worker of another type is refused).
        assetFileNames: (asset) => (asset.names[0]?.endsWith('.mjs') ? 'assets/[name]-[hash].js' : 'assets/[name]-[hash][extname]'),
      },
    },
  },
  // `npx vite dashboard`: live-reloading development against a running server (npm start), same origin
  // through the proxy, so the session cookie works as in production.
  server: {
    proxy: Object.fromEntries(
      ['/v1', '/p/', '/dashboard/api'].map((p) => [p, { target: process.env.FOLIO_API_URL ?? 'http://127.0.0.1:8080' }]),
    ),
  },
});
