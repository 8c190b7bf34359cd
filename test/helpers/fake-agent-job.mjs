#!/usr/bin/env node
// A deterministic stand-in for a coding agent in the agent job of molecular-agent-step.yml: it
// reads the step prompt from $MOL_PROMPT_FILE (or stdin) and, for every prompt line
// `write <path>: <text>`, writes <text> to <path> in the current directory, with `{attempt}`
// replaced by how many times it has run (counted in $FAKE_AGENT_COUNTER). With $FAKE_AGENT_ENV it
// records the names of the variables it was given. It never calls a model.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const prompt = process.env.MOL_PROMPT_FILE
  ? readFileSync(process.env.MOL_PROMPT_FILE, 'utf8')
  : readFileSync(0, 'utf8');
const counter = process.env.FAKE_AGENT_COUNTER;
let attempt = 1;
if (counter) {
  attempt = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) + 1 : 1;
  writeFileSync(counter, String(attempt));
}
if (process.env.FAKE_AGENT_ENV)
  writeFileSync(process.env.FAKE_AGENT_ENV, Object.keys(process.env).join('\n'));
for (const line of prompt.split('\n')) {
  const match = /^write (\S+): (.*)$/.exec(line.trim());
  if (!match) continue;
  const [, path, text] = match;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${text.replaceAll('{attempt}', String(attempt))}\n`);
}
