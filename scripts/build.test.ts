import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildEnv,
  buildIsCurrent,
  fingerprint,
  inputFiles,
  outputsFingerprint,
  libraryBuildIn,
  repoRoot,
  writeStamp,
} from './build.ts';

let root: string;

function write(rel: string, content: string): void {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

const INPUTS = ['apps/web', 'packages/core', 'apps/api/src', 'package-lock.json'];
const OUTPUTS = [
  'apps/api/dist/server.js',
  'apps/web/dist/index.html',
  'apps/web/dist-server/entry-server.js',
];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'pitstop-build-'));
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/index.html', '<div id="root"></div>');
  write('apps/web/vite.config.ts', 'export default {}');
  write('packages/core/src/parts.ts', 'export const a = 1;');
  write('apps/api/src/server.ts', 'listen()');
  write('package-lock.json', '{"lockfileVersion":3}');
});
afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

/** A finished build: its outputs on disk and the stamp that records them. */
function build(): void {
  write('apps/api/dist/server.js', 'compiled');
  write('apps/web/dist/index.html', '<script src="/assets/index-A1.js"></script>');
  writeStamp(root, { inputs: fingerprint(root, INPUTS), outputs: outputsFingerprint(root, OUTPUTS) });
}

const current = () => buildIsCurrent(root, INPUTS, OUTPUTS);

describe('the build stamp', () => {
  it('asks for a build when none is recorded, and none after one, while nothing changes', () => {
    expect(current()).toEqual({ current: false, reason: 'no earlier build is recorded' });
    build();
    expect(current()).toEqual({ current: true });
    // Saving a file unchanged (a checkout, an editor) is no change.
    write('apps/web/src/main.tsx', 'render()');
    expect(current()).toEqual({ current: true });
  });

  it.each([
    ['a web source', 'apps/web/src/main.tsx'],
    ['index.html', 'apps/web/index.html'],
    ['the Vite config', 'apps/web/vite.config.ts'],
    ['a core source', 'packages/core/src/parts.ts'],
    ['a server source', 'apps/api/src/server.ts'],
    ['the lockfile', 'package-lock.json'],
  ])('asks for a build when %s changes', (_what, file) => {
    build();
    write(file, 'changed');
    expect(current()).toEqual({ current: false, reason: 'sources changed' });
  });

  it('asks for a build when a source is added, renamed or deleted', () => {
    build();
    write('apps/web/src/entry-server.tsx', 'renderToString()');
    expect(current()).toMatchObject({ current: false });
    build();
    fs.renameSync(
      path.join(root, 'apps/web/src/entry-server.tsx'),
      path.join(root, 'apps/web/src/server.tsx'),
    );
    expect(current()).toMatchObject({ current: false });
    build();
    fs.rmSync(path.join(root, 'apps/web/src/server.tsx'));
    expect(current()).toMatchObject({ current: false });
  });

  it.each([
    ['a test', 'apps/web/src/main.test.tsx'],
    ['the built web app', 'apps/web/dist/assets/index-A1.js'],
    ['the server-rendering bundle', 'apps/web/dist-server/assets/x.js'],
    ["TypeScript's build record", 'apps/web/tsconfig.tsbuildinfo'],
    ['an installed package', 'apps/web/node_modules/react/index.js'],
    ['a file outside the inputs', 'e2e/journey.spec.ts'],
  ])('ignores %s', (_what, file) => {
    build();
    write(file, 'anything');
    expect(current()).toEqual({ current: true });
  });

  it('asks for a build when an output is missing or was rebuilt by another command', () => {
    build();
    fs.rmSync(path.join(root, 'apps/api/dist/server.js'));
    expect(current()).toEqual({ current: false, reason: 'apps/api/dist/server.js is missing' });
    build();
    // e.g. `npm run build -w @pitstop/web` by hand: other chunk names in index.html.
    write('apps/web/dist/index.html', '<script src="/assets/index-B2.js"></script>');
    expect(current()).toEqual({ current: false, reason: 'the build output was changed by another command' });
  });

  it("covers this repository's web and server sources, config and lockfile, and no build output", () => {
    const files = inputFiles(repoRoot);
    for (const file of [
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'apps/web/src/main.tsx',
      'packages/core/src/parts.ts',
      'apps/api/src/server.ts',
      'apps/api/tsconfig.json',
      'package-lock.json',
    ]) {
      expect(files, file).toContain(file);
    }
    expect(files.some((f) => /(^|\/)(dist|dist-server|node_modules)\//.test(f))).toBe(false);
    expect(files.some((f) => f.includes('.test.'))).toBe(false);
  });
});

describe('the production build', () => {
  it('builds with NODE_ENV=production for any NODE_ENV the caller has', () => {
    expect(buildEnv({ NODE_ENV: 'development', PATH: '/bin' })).toEqual({
      NODE_ENV: 'production',
      PATH: '/bin',
    });
    expect(buildEnv({}).NODE_ENV).toBe('production');
  });

  // A real web build each way (Vite takes seconds here): the build's environment yields the
  // libraries' production build from a shell set to development, and the check tells the two apart.
  it('bundles the libraries for production from a development shell', { timeout: 180_000 }, () => {
    const viteBuild = (env: NodeJS.ProcessEnv, outDir: string) => {
      const vite = path.join(repoRoot, 'node_modules/vite/bin/vite.js');
      const result = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
        cwd: path.join(repoRoot, 'apps/web'),
        env,
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(0);
      return libraryBuildIn(path.join(outDir, 'assets'));
    };
    const shell = { ...process.env, NODE_ENV: 'development' };
    expect(viteBuild(buildEnv(shell), path.join(root, 'production'))).toBe('production');
    expect(viteBuild(shell, path.join(root, 'development'))).toBe('development');

    // Every chunk asks V8 to compile it while it streams in, its gzip copy too (what the server sends).
    const assets = path.join(root, 'production', 'assets');
    const chunks = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      expect(fs.readFileSync(path.join(assets, chunk), 'utf8').split('\n', 1)[0], chunk).toBe(
        '//# allFunctionsCalledOnLoad',
      );
      const gz = path.join(assets, `${chunk}.gz`);
      if (fs.existsSync(gz))
        expect(gunzipSync(fs.readFileSync(gz)).toString('utf8'), chunk).toMatch(
          /^\/\/# allFunctionsCalledOnLoad\n/,
        );
    }
  });
});
