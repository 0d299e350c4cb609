import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: 'src-client',
  publicDir: 'public',
  plugins: [react()],
  build: { outDir: '../dist/client', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    // `vite` for client work against a running `npm run dev`.
    proxy: { '/api': { target: server, ws: true, changeOrigin: false } },
  },
});
