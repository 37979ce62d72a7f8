#!/usr/bin/env node
// Runs npm scripts side by side and fails when any of them fails:
//   node scripts/run-together.mjs lint:code lint:format typecheck
// ESLint, Prettier and the type check each keep about one core busy; side by side on two cores
// they take little more than the longest (ESLint). Each script's output is printed whole when it
// ends, so they do not interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-together.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        const status = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
        process.stdout.write(`\n> npm run ${script}: ${status} in ${seconds} s\n`);
        process.stdout.write(Buffer.concat(output));
        resolve(code === 0);
      });
    }),
);

const passed = await Promise.all(runs);
process.exit(passed.every(Boolean) ? 0 : 1);
