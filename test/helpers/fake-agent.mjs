#!/usr/bin/env node
/**
 * A deterministic stand-in for a coding agent, for tests: no model, only cues. It reads its prompt
 * from stdin (and checks that `$MOL_PROMPT_FILE` holds the same text), then follows the lines of
 * the prompt that start with `FAKE:`:
 *
 *   FAKE: write <path> <text>    write <text> and a newline to <path> (folders made as needed)
 *   FAKE: read <path>            exit 5 unless <path> exists (the step sees an earlier step's file)
 *   FAKE: commit                 commit everything itself (`git add -A && git commit`)
 *   FAKE: fail-first <message>   without a "## Previous attempt" section: print <message>, exit 3;
 *                                with one: exit 4 unless the section quotes <message>
 *   FAKE: hang                   after the writes, start a `sleep` child and go quiet forever
 *
 * `FAKE_AGENT_LOG=<file>` appends one JSON line per run: pid, step, cwd, branch, env, prompt.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const prompt = Buffer.concat(chunks).toString('utf8');
const file = process.env.MOL_PROMPT_FILE;
const fromFile = file === undefined ? undefined : readFileSync(file, 'utf8');

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trim();
const log = process.env.FAKE_AGENT_LOG;
if (log) {
  const vars = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('MOL_VAR_')));
  appendFileSync(
    log,
    `${JSON.stringify({
      pid: process.pid,
      molecule: process.env.MOL_MOLECULE,
      step: process.env.MOL_STEP,
      inputs: process.env.MOL_INPUTS,
      vars,
      cwd: process.cwd(),
      branch: git('rev-parse', '--abbrev-ref', 'HEAD'),
      promptFile: file,
      sameInFile: fromFile === prompt,
      prompt,
    })}\n`,
  );
}
if (fromFile !== prompt) {
  console.error('fake agent: $MOL_PROMPT_FILE does not hold the prompt that came on stdin');
  process.exit(9);
}

const cues = prompt
  .split('\n')
  .map((line) => /^\s*FAKE:\s*(\S+)\s*(.*)$/.exec(line))
  .filter((m) => m !== null)
  .map((m) => ({ verb: m[1], rest: m[2].trim() }));

const retry = prompt.includes('## Previous attempt');
let hang = false;
for (const { verb, rest } of cues) {
  if (verb === 'write') {
    const space = rest.indexOf(' ');
    const path = space === -1 ? rest : rest.slice(0, space);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${space === -1 ? '' : rest.slice(space + 1)}\n`);
    console.log(`fake agent: wrote ${path}`);
  } else if (verb === 'read') {
    if (!existsSync(rest)) {
      console.error(`fake agent: ${rest} is not here`);
      process.exit(5);
    }
  } else if (verb === 'commit') {
    git('add', '-A');
    execFileSync('git', [
      '-c',
      'user.name=Fake',
      '-c',
      'user.email=fake@example.com',
      'commit',
      '-q',
      '-m',
      'fake agent work',
    ]);
  } else if (verb === 'fail-first') {
    if (!retry) {
      console.error(rest);
      process.exit(3);
    }
    const section = prompt.slice(prompt.indexOf('## Previous attempt'));
    if (!section.includes(rest)) {
      console.error('fake agent: the retry prompt does not say why the first attempt failed');
      process.exit(4);
    }
  } else if (verb === 'hang') {
    hang = true;
  }
}

if (hang) {
  const sleeper = spawn('sleep', ['600'], { stdio: 'ignore' });
  if (process.env.FAKE_AGENT_PIDS)
    writeFileSync(process.env.FAKE_AGENT_PIDS, `${process.pid} ${sleeper.pid}\n`);
  setInterval(() => {}, 60_000);
} else {
  console.log('fake agent: done');
}
