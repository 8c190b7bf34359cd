#!/usr/bin/env node
// Copies probot and everything it depends on, exactly as `npm ci` laid them out from
// package-lock.json, into <dest>/node_modules: what the Docker image needs to run dist/app.js
// (`probot run`), without the rest of the development tree. probot is a devDependency (only this
// way of running the App needs it), so `npm ci --omit=dev` would leave it out.
//
//   node scripts/probot-modules.mjs /runtime
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const dest = process.argv[2];
if (!dest) {
  process.stderr.write('usage: node scripts/probot-modules.mjs <dest>\n');
  process.exit(2);
}
// npm's dependency-graph query: probot itself and every package below it, at the paths npm chose.
const found = JSON.parse(execFileSync('npm', ['query', '#probot, #probot *'], { encoding: 'utf8' }));
const locations = [...new Set(found.map((p) => p.location))].sort();
if (!locations.includes('node_modules/probot')) {
  process.stderr.write('probot-modules: probot is not installed here; run npm ci first\n');
  process.exit(1);
}
mkdirSync(join(dest, 'node_modules'), { recursive: true });
for (const location of locations)
  cpSync(location, join(dest, location), { recursive: true, dereference: false });
process.stdout.write(
  `probot-modules: ${locations.length} packages copied to ${join(dest, 'node_modules')}\n`,
);
