/**
 * Builds the shop: the server (`tsc -b`) and the web app (`npm run build -w @pitstop/web`).
 *
 * The build always runs with NODE_ENV=production, whatever the shell says: Vite bundles the
 * libraries' development builds when NODE_ENV=development is set (bigger and slower, with their
 * development checks), and `--mode production` does not change that. Only the build sees it; the
 * server started afterwards keeps the caller's NODE_ENV (demo data, secrets).
 *
 *   tsx scripts/build.ts               build (npm run build)
 *   tsx scripts/build.ts --if-changed  build only if an input changed since the last build (npm start)
 *
 * After a successful build a stamp records a hash of every input and of the main outputs, so a
 * build is skipped only when nothing it reads changed and its outputs are the ones it wrote.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Everything a build reads, relative to the repository root: the whole web app (sources,
 * index.html, public/, Vite config, .env files, the server-rendering entry), the shared core,
 * the server's sources and config, the lockfile, and this recipe.
 */
export const BUILD_INPUTS = [
  'apps/web',
  'packages/core',
  'apps/api/src',
  'apps/api/package.json',
  'apps/api/tsconfig.json',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'scripts/build.ts',
] as const;

/** Never inputs: what builds write, installed packages, caches. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-server', '.tsbuild', '.vite', 'coverage']);
/** Tests are not built into what the server runs, and TypeScript's own build records are outputs. */
const SKIPPED_FILES = /\.test\.[cm]?[jt]sx?$|\.tsbuildinfo$/;

/** What a build writes that a later build must find unchanged (the first two must exist). */
export const BUILD_OUTPUTS = [
  'apps/api/dist/server.js',
  'apps/web/dist/index.html',
  'apps/web/dist/.vite/manifest.json',
  'apps/web/dist-server/entry-server.js',
] as const;
const REQUIRED_OUTPUTS = 2;

export const STAMP_FILE = 'node_modules/.cache/pitstop/build-stamp.json';

export interface Stamp {
  inputs: string;
  outputs: string;
}

function walk(root: string, rel: string, into: string[]): void {
  const full = path.join(root, rel);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(full);
  } catch {
    return; // a missing input hashes as absent: creating it later changes the hash
  }
  if (stat.isFile()) {
    if (!SKIPPED_FILES.test(rel)) into.push(rel.split(path.sep).join('/'));
    return;
  }
  if (!stat.isDirectory()) return;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    walk(root, path.join(rel, entry.name), into);
  }
}

/** The input files under `root`, sorted, as forward-slash paths. */
export function inputFiles(root: string, inputs: readonly string[] = BUILD_INPUTS): string[] {
  const files: string[] = [];
  for (const input of inputs) walk(root, input, files);
  return [...new Set(files)].sort();
}

/** One hash over the inputs' names and contents (not their times: a checkout or touch is no change). */
export function fingerprint(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  for (const file of inputFiles(root, inputs)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** One hash over the outputs as they are now; an absent one counts as absent. */
export function outputsFingerprint(root: string, outputs: readonly string[] = BUILD_OUTPUTS): string {
  const hash = createHash('sha256');
  for (const file of outputs) {
    const full = path.join(root, file);
    hash.update(`${file}\0`);
    hash.update(fs.existsSync(full) ? fs.readFileSync(full) : 'absent');
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function readStamp(root: string): Stamp | null {
  try {
    const stamp = JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), 'utf8')) as Partial<Stamp>;
    return typeof stamp.inputs === 'string' && typeof stamp.outputs === 'string'
      ? { inputs: stamp.inputs, outputs: stamp.outputs }
      : null;
  } catch {
    return null;
  }
}

export function writeStamp(root: string, stamp: Stamp): void {
  const file = path.join(root, STAMP_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(stamp, null, 2)}\n`);
}

/** Whether the last build still stands; when not, why (for the log). */
export function buildIsCurrent(
  root: string,
  inputs: readonly string[] = BUILD_INPUTS,
  outputs: readonly string[] = BUILD_OUTPUTS,
): { current: true } | { current: false; reason: string } {
  const stamp = readStamp(root);
  if (!stamp) return { current: false, reason: 'no earlier build is recorded' };
  const missing = outputs.slice(0, REQUIRED_OUTPUTS).find((f) => !fs.existsSync(path.join(root, f)));
  if (missing) return { current: false, reason: `${missing} is missing` };
  if (stamp.inputs !== fingerprint(root, inputs)) return { current: false, reason: 'sources changed' };
  if (stamp.outputs !== outputsFingerprint(root, outputs)) {
    return { current: false, reason: 'the build output was changed by another command' };
  }
  return { current: true };
}

/** The environment the build runs in: the caller's, with NODE_ENV=production. */
export function buildEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, NODE_ENV: 'production' };
}

/**
 * Text only development builds carry: React's warnings and TanStack Query's development checks.
 */
export const DEV_BUILD_MARKERS = [
  'react.dev/link/',
  'Each child in a list should have a unique',
  'As of v4, queryKey needs to be an Array',
];
/** Text only React DOM's production build carries (its errors are numbered and minified). */
export const REACT_PROD_MARKER = 'Minified React error';

/** Which build of React and its libraries the JavaScript in `dir` (searched recursively) bundles. */
export function libraryBuildIn(dir: string): 'production' | 'development' | 'none' {
  let found = false;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const code = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    if (DEV_BUILD_MARKERS.some((marker) => code.includes(marker))) return 'development';
    if (code.includes(REACT_PROD_MARKER)) found = true;
  }
  return found ? 'production' : 'none';
}

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: buildEnv(),
    // npm is npm.cmd on Windows, which only a shell runs.
    shell: process.platform === 'win32' && command === 'npm',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function main(args: string[]): void {
  if (args.includes('--if-changed')) {
    const state = buildIsCurrent(repoRoot);
    if (state.current) {
      console.log(
        'build: nothing changed since the last build, so it is used as it is (npm run build forces one).',
      );
      return;
    }
    console.log(`build: building, because ${state.reason}.`);
  }
  // Hashed before building: a source saved during the build makes the next run build again.
  const inputs = fingerprint(repoRoot);
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  run(process.execPath, [tsc, '-b']);
  run('npm', ['run', 'build', '-w', '@pitstop/web']);
  const libraries = libraryBuildIn(path.join(repoRoot, 'apps/web/dist/assets'));
  if (libraries !== 'production') {
    console.error(
      `build: the web app bundles its libraries' ${libraries} build, not their production build.`,
    );
    process.exit(1);
  }
  // The embedded database's starting point for these migrations (kept in node_modules/.cache).
  run(process.execPath, [
    '--input-type=module',
    '-e',
    "const { preparePgliteTemplate } = await import('./apps/api/dist/db/client.js'); if (!(await preparePgliteTemplate())) process.exit(1);",
  ]);
  writeStamp(repoRoot, { inputs, outputs: outputsFingerprint(repoRoot) });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2));
}
