import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Vendor groups: each changes at its own pace, so browsers keep the rest cached across deployments. */
const VENDOR_GROUPS: [name: string, test: RegExp][] = [
  ['react', /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/],
  // antd's foundation (theme, css-in-js, config); its components stay with the routes that use them
  ['antd-core', /[\\/]node_modules[\\/](antd[\\/]es[\\/](_util|config-provider|theme|style|locale|app|version)|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/]util|@emotion|stylis|dayjs)[\\/]/],
  ['antd-icons', /[\\/]node_modules[\\/]@ant-design[\\/](icons|icons-svg)[\\/]/],
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
