import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const server = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes `.vite/chunk-modules.json` beside Vite's manifest: the client's source modules in each
 * chunk. The manifest says which chunks a page loads but not what they hold, and a module shared by
 * two pages moves to a chunk of its own; test/unit/client-chunks.test.ts reads both.
 */
function chunkModules(): Plugin {
  let root = '';
  return {
    name: 'chunk-modules',
    apply: 'build',
    configResolved: (config) => {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        modules[output.fileName] = output.moduleIds
          .filter((id) => id.startsWith(root + path.sep))
          .map((id) => path.relative(root, id).split(path.sep).join('/'));
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: `${JSON.stringify(modules, null, 2)}\n`,
      });
    },
  };
}

export default defineConfig({
  root: 'src-client',
  publicDir: 'public',
  plugins: [react(), chunkModules()],
  build: { outDir: '../dist/client', emptyOutDir: true, chunkSizeWarningLimit: 1500, manifest: true },
  server: {
    // `vite` for client work against a running `npm run dev`.
    proxy: { '/api': { target: server, ws: true, changeOrigin: false } },
  },
});
