import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type Plugin,
  type ResolvedConfig,
} from 'vite';

// The API (apps/api) listens here in development; see the README for the command.
const apiOrigin = 'http://127.0.0.1:3210';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|txt|json|webmanifest)$/;
const MIN_COMPRESS_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The browser build's output folder; null for the server bundle (`vite build --ssr`). */
function clientOutDir(config: ResolvedConfig): string | null {
  return config.build.ssr ? null : path.resolve(config.root, config.build.outDir);
}

/**
 * React renders the app (docs/decisions/024-react-renders-the-app.md): a build that would bundle
 * another renderer standing in for React DOM (Preact's compat layer, through an alias or a
 * library's dependency) fails, naming the module.
 */
function reactOnly(): Plugin {
  return {
    name: 'pitstop:react-only',
    apply: 'build',
    moduleParsed(info) {
      if (/[\\/]node_modules[\\/](?:preact|@preact)[\\/]/.test(info.id))
        this.error(`React renders the app; the build would bundle ${info.id}`);
    },
  };
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file in dist, once, at the best
 * levels, so the server can send them as they are (@fastify/static `preCompressed: true`)
 * instead of compressing on every request. Without compression the first load is ~3x bigger.
 */
function precompress(): Plugin {
  let outDir: string | null = null;
  return {
    name: 'pitstop:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = clientOutDir(config);
    },
    async closeBundle() {
      if (!outDir) return;
      const entries = await fs.readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
        .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
      await Promise.all(
        files.map(async (file) => {
          const source = await fs.readFile(file);
          if (source.length < MIN_COMPRESS_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
            gz(source, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * Marks every browser chunk with V8's explicit compile hint, so Chrome compiles all its functions
 * while the file streams in, off the main thread, instead of each on its first call. Hydrating a
 * server-rendered page calls most of the code it loads: compiling on first call cost Lighthouse's
 * phone 75–85 ms of main thread on /parts, inside the tasks that bring the page alive (1–5 ms
 * with the hint). Other browsers read it as a comment.
 */
function compileHints(): Plugin {
  let outDir: string | null = null;
  return {
    name: 'pitstop:compile-hints',
    apply: 'build',
    configResolved(config) {
      outDir = clientOutDir(config);
    },
    // On the written files: Vite puts its map of a chunk's dependencies at the top after
    // generateBundle, and the hint must come first. precompress() runs after this.
    async writeBundle(_options, bundle) {
      const dir = outDir;
      if (!dir) return;
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      await Promise.all(
        chunks.map(async ({ fileName }) => {
          const file = path.join(dir, fileName);
          await fs.writeFile(file, `//# allFunctionsCalledOnLoad\n${await fs.readFile(file, 'utf8')}`);
        }),
      );
    },
  };
}

// What the app starts from (main.tsx imports it once a server-rendered page has been painted),
// the shop's pages — home, parts, a part, not found — and the lazy parts the server renders on
// them (see router.tsx). The about, blog and portfolio pages, mostly text, keep chunks of their
// own, which the app loads before it hydrates one of them.
const STOREFRONT_SOURCES = [
  'src/start.tsx',
  'src/app/routes/home.tsx',
  'src/app/routes/parts.tsx',
  'src/app/routes/part-detail.tsx',
  'src/app/routes/not-found.tsx',
  'src/features/fitment/components/find-parts-panel.tsx',
  'src/features/reviews/components/recent-reviews.tsx',
];

/**
 * Puts the code the storefront's pages need — the app with everything it imports, and the shop's
 * pages with everything they import — in one chunk. Split automatically it was two
 * dozen chunks, most under 1 KB, found in four rounds (entry, screen, their imports, theirs):
 * each a request, and on a phone's network each round a round trip before the page could come
 * alive. The closure is of static imports only, so what the pages load later (the order form,
 * zod, Stripe, the signed-in screens) stays out. The group does not pull in dependencies of its
 * own (includeDependenciesRecursively off): the closure already holds them, but for the entry's,
 * which stay with the entry.
 */
function storefrontChunk(root: string): { plugin: Plugin; test: (id: string) => boolean } {
  const imports = new Map<string, readonly string[]>();
  let members: Set<string> | null = null;
  const reachable = (sources: readonly string[]) => {
    const found = new Set<string>();
    const visit = (id: string) => {
      if (found.has(id)) return;
      found.add(id);
      for (const next of imports.get(id) ?? []) visit(next);
    };
    for (const source of sources) visit(path.resolve(root, source));
    return found;
  };
  // What the entry imports itself stays with the entry: were it in this chunk, the entry would
  // import the chunk, and the whole of it would run before the entry.
  const closure = () => {
    const members = reachable(STOREFRONT_SOURCES);
    for (const id of reachable(['src/main.tsx'])) members.delete(id);
    return members;
  };
  return {
    // Records the static imports of every module as the build parses it; the group's test reads
    // them once chunks are made.
    plugin: {
      name: 'pitstop:storefront-chunk',
      apply: 'build',
      moduleParsed(info) {
        imports.set(info.id, info.importedIds);
      },
    },
    test: (id) => (members ??= closure()).has(id),
  };
}

const storefront = storefrontChunk(fileURLToPath(new URL('.', import.meta.url)));

/**
 * Library modules the closure reaches only through a package's index, which names every hook:
 * React Query's hooks for several queries at once (useQueries) and for pages of a list
 * (useInfiniteQuery), with their observers. No storefront page calls them (the cart, the activity
 * log and the credit applications do), so they go with those screens: ~1 KB of the first load.
 */
const LAZY_ONLY_LIBRARY_MODULES =
  /[\\/]@tanstack[\\/](?:react-query|query-core)[\\/]build[\\/]modern[\\/](?:useQueries|queriesObserver|useInfiniteQuery|infiniteQueryObserver)\.js$/;

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle needs no copy of the public folder: the client build serves it.
  publicDir: isSsrBuild ? false : 'public',
  // React's plugin: the automatic JSX runtime, and Fast Refresh in `npm run dev`.
  plugins: [react(), reactOnly(), tailwindcss(), storefront.plugin, compileHints(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // @pitstop/core exports its TypeScript sources under the custom "source" condition.
    conditions: ['source', ...defaultClientConditions],
  },
  // The server-rendering bundle (vite build --ssr, see package.json) runs inside the API process:
  // the workspace's own sources are bundled, libraries stay in node_modules.
  ssr: {
    noExternal: ['@pitstop/core'],
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    // scripts/check-bundle.mjs walks the manifest to measure the home route's initial JS.
    manifest: true,
    sourcemap: false,
    // No preload links added from script. Vite's loader would add a <link rel="modulepreload">
    // for every chunk a lazily loaded screen imports, in the task that starts hydrating a
    // server-rendered page: a request made from script cost Lighthouse's phone 3–10 ms of main
    // thread each (the browser records the script's stack), 25–70 ms in one task. The browser's
    // module loader asks for those chunks itself once it has the screen's chunk (decision 023).
    modulePreload: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                // React and React DOM apart: the entry evaluates them in a task of their own
                // before the app's code (main.tsx), so neither evaluation makes a long task.
                { name: 'react', test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
                {
                  name: 'storefront',
                  test: (id) => !LAZY_ONLY_LIBRARY_MODULES.test(id) && storefront.test(id),
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
  },
}));
