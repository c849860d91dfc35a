import { defineConfig } from 'vite';

/**
 * The console app: `src/app` built into `dist/app`, served by the platform under `/console/`.
 * Preact through the automatic JSX runtime (no framework plugin needed); file names carry a
 * content hash (cached for a year by the platform) except `index.html` (never cached) and
 * `grove.css`, which the platform's own pages (login, consent, device) link to.
 */
export default defineConfig({
  root: 'src/app',
  base: '/console/',
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: '../../dist/app',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        assetFileNames: asset =>
          asset.names.some(name => name.endsWith('.css'))
            ? 'assets/grove.css'
            : 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3352', '/oidc': 'http://localhost:3352' } },
});
