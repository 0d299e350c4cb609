import path from 'node:path';
import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { MESSAGE_AUDIENCES, messageAudience } from './src-client/message-audience';

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

/**
 * The locales reach the browser as react-intl's message syntax trees, parsed here once rather than in
 * every browser, so the client does without the ICU message parser (8 KB gzipped of every page's
 * first load): `resolve.alias` gives it formatjs's `no-parser` build. The JSON files stay the
 * source (test/unit/messages.test.ts reads them); only what the build emits changes. Messages only
 * the server uses (the Excel workbook's labels, `workbook.*`, and the mails, `mail.*`) stay out of the pages.
 */
/** The prefixes of the message ids only the server reads. */
const SERVER_ONLY_MESSAGES = ['workbook.', 'mail.', 'invoice.'];

function precompiledMessages(): Plugin {
  return {
    name: 'precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      const match = new RegExp(
        String.raw`[\\/]locales[\\/]([a-z]{2})\.json(?:\?(${MESSAGE_AUDIENCES.join('|')}))?$`,
      ).exec(id);
      if (!match) return null;
      // Every language is split (src-client/message-audience.ts): `xx.json` for every page and
      // `xx.json?<audience>` for each audience's pages (instructors', the lean game's, the results
      // pages', the music player's, the front door's).
      const audience = (key: string) => messageAudience(key) === (match[2] ?? null);
      const messages = JSON.parse(code) as Record<string, string>;
      const trees = Object.fromEntries(
        Object.entries(messages)
          .filter(([key]) => !SERVER_ONLY_MESSAGES.some((prefix) => key.startsWith(prefix)) && audience(key))
          .map(([key, text]) => [key, parseMessage(text)]),
      );
      // A JSON file read under a query is not handled as JSON by the bundler: it gets a module.
      if (match[2]) return { code: `export default ${JSON.stringify(trees)};`, map: null, moduleType: 'js' };
      return { code: JSON.stringify(trees), map: null };
    },
  };
}

/**
 * Mantine's ScrollArea (inside its Table) imports one hook from @floating-ui/react, `useMergeRefs`;
 * the menus of other pages import much more of that package, and the build puts all of it in one
 * chunk, which a player's page with a table would then load (15 KB gzipped). ScrollArea gets a copy
 * of that hook instead (src-client/ui/merge-refs.ts); Menu, Tooltip and the rest keep floating-ui.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const copy = path.resolve('src-client/ui/merge-refs.ts');
  return {
    name: 'scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromScrollArea = importer?.split(path.sep).join('/').endsWith('/ScrollArea/ScrollArea.mjs');
      return source === '@floating-ui/react' && fromScrollArea ? copy : null;
    },
  };
}

/**
 * The client's imports of '@mantine/notifications' lead to src-client/ui/toasts.tsx, which loads the
 * package on the first toast: the same functions, not 6 KB gzipped on every first load. Only that
 * module (and the CSS import) reaches the package itself.
 */
function lazyNotifications(): Plugin {
  const toasts = path.resolve('src-client/ui/toasts.tsx');
  const client = path.resolve('src-client') + path.sep;
  return {
    name: 'lazy-notifications',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@mantine/notifications' || !importer) return null;
      return importer.startsWith(client) && importer !== toasts ? toasts : null;
    },
  };
}

export default defineConfig({
  root: 'src-client',
  publicDir: 'public',
  plugins: [
    react(),
    precompiledMessages(),
    scrollAreaWithoutFloatingUi(),
    lazyNotifications(),
    chunkModules(),
  ],
  resolve: {
    alias: [
      // Messages are parsed at build time (precompiledMessages): the browser only formats them.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
      // Preact's compatibility layer stands in for React in the browser: the same components and
      // hooks, a fraction of react-dom's weight on every page's first load. Only this build sees it;
      // the server and the tests import no React. src-client/ui/react-on-preact.ts adds <Activity>.
      { find: /^react$/, replacement: path.resolve('src-client/ui/react-on-preact.ts') },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
    ],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    manifest: true,
    rollupOptions: {
      output: {
        // Preact, its compatibility layer and its JSX runtime in one chunk, which every page
        // loads: left to itself, Rollup makes the JSX runtime a chunk of its own once enough lazy
        // chunks share it, one more request on every page.
        manualChunks: (id) =>
          /[\\/]node_modules[\\/]preact[\\/]|[\\/]ui[\\/]react-on-preact\.ts$/.test(id)
            ? 'react-on-preact'
            : undefined,
      },
    },
  },
  server: {
    // `vite` for client work against a running `npm run dev`.
    proxy: { '/api': { target: server, ws: true, changeOrigin: false } },
  },
});
