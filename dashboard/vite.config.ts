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
  },
});
