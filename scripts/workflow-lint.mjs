// Checks workflows and action.yml with GitHub's own parser (@actions/workflow-parser, the one the
// Actions service and its VS Code extension use): what actionlint misses, GitHub would refuse.
// Not run directly: the parser imports JSON without import attributes, which Node refuses, so
// scripts/check-workflows.mjs bundles this file first. Prints `file:line:col: error: message` per
// problem and exits 1 on any.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { convertActionTemplate, parseAction } from '@actions/workflow-parser/actions/index';
import { ErrorPolicy } from '@actions/workflow-parser/model/convert';

const isAction = (path) => /^action\.ya?ml$/.test(basename(path));
// YAML syntax errors quote the offending lines after the first: one line per problem.
const firstLine = (message) => message.split('\n')[0].trim();

async function problemsOf(path) {
  const file = { name: path, content: readFileSync(path, 'utf8') };
  const trace = new NoOperationTraceWriter();
  const result = isAction(path) ? parseAction(file, trace) : parseWorkflow(file, trace);
  if (result.value) {
    // The conversion adds what the schema alone cannot see (a bad cron, jobs that all wait on
    // another), even past schema errors, so one run names every problem.
    if (isAction(path)) convertActionTemplate(result.context, result.value);
    else
      await convertWorkflowTemplate(result.context, result.value, undefined, {
        errorPolicy: ErrorPolicy.TryConversion,
      });
  }
  return result.context.errors.getErrors().map((error) => {
    const at = error.range?.start ?? { line: 1, column: 1 };
    return `${path}:${at.line}:${at.column}: error: ${firstLine(error.rawMessage)}`;
  });
}

const files = process.argv.slice(2);
let failed = 0;
for (const path of files) {
  let problems;
  try {
    problems = await problemsOf(path);
  } catch (error) {
    problems = [`${path}:1:1: error: ${firstLine(error instanceof Error ? error.message : String(error))}`];
  }
  for (const line of problems) console.error(line);
  if (problems.length > 0) failed++;
}
if (failed > 0) process.exitCode = 1;
else console.log(`${files.length} file(s) pass GitHub's workflow parser`);
