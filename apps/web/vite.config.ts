import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Vendor groups: each changes at its own pace, so browsers keep the rest cached across deployments. */
const VENDOR_GROUPS: [name: string, test: RegExp][] = [
  ['react', /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/],
  ['antd-icons', /[\\/]node_modules[\\/]@ant-design[\\/](icons|icons-svg)[\\/]/],
  ['antd', /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|@emotion|stylis|dayjs)[\\/]/],
  ['data', /[\\/]node_modules[\\/](@tanstack|zod|i18next|react-i18next|js-cookie)[\\/]/],
];

export default defineConfig({
  plugins: [react()],
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
