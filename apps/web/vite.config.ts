import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 2048,
    manifest: true,
  },
  ssr: {
    // Bundle our workspace packages into the SSR entry; real dependencies stay external.
    noExternal: ['@amora/contracts', '@amora/i18n'],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
});
