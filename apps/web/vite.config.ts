import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** Vendor groups: each changes at its own pace, so browsers keep the rest cached across deployments. */
const VENDOR_GROUPS: [name: string, test: RegExp][] = [
  ['react', /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/],
  // no antd group and no icons group: a group takes every matching module of the whole app, so they put every
  // screen's antd parts, dayjs plugins and icons on the login page; antd is split by the screens that use it
  // (docs/decisions/web.md)
  ['data', /[\\/]node_modules[\\/](@tanstack|zod|i18next|react-i18next|js-cookie)[\\/]/],
];

export default defineConfig({
  plugins: [
    react(),
    // brotli and gzip twins of every text file, made once at build: the server sends them by the browser's
    // accept-encoding and compresses no asset per request (docs/decisions/settings.md)
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(html|js|mjs|css|svg|txt|webmanifest)$/, threshold: 1024 }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/web-budget.mjs derives each route's first-load chunks from it
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // libraries outside these groups stay with the (lazy) chunks that use them
          groups: VENDOR_GROUPS.map(([name, test], i) => ({ name: `vendor-${name}`, test, priority: VENDOR_GROUPS.length - i })),
        },
      },
    },
  },
});
