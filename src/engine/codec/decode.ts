import { type Diagnostic, err, type MolError, ok, type Result } from '../errors.js';
import { formatKeyPath } from '../formula/key-path.js';
import { type Molecule, MoleculeSchema } from '../molecule/molecule-schema.js';
import { inflateFromBase64 } from './deflate.js';
import { findStateBlock, STATE_VERSION, type StateBlock } from './state-block.js';
import { unpackMolecule } from './unpack-molecule.js';

/**
 * The molecule held in a state comment. Never throws: every way a body can be wrong is a typed
 * error — `state-missing`, `state-corrupt`, `state-invalid`, `state-version` — with a sentence.
 */
export function decodeState(body: string): Result<Molecule> {
  const block = findStateBlock(body);
  if (!block)
    return err(
      'state-missing',
      'the comment holds no molecular state block (`<!-- molecular:state v1 … -->`)',
    );
  return decodeStateBlock(block);
}

/** The molecule in a block already found (see `findStateBlock`), with the same typed errors. */
export function decodeStateBlock(block: StateBlock): Result<Molecule> {
  const at = { line: block.line };
  if (block.version > STATE_VERSION) return tooNew(block.version, at);
  if (block.version < 1)
    return err('state-corrupt', `the state block has an unknown version v${block.version}`, at);
  if (!block.closed) {
    return err('state-corrupt', 'the state block is cut off: the comment ends before its closing `-->`', at);
  }
  if (block.encoding === 'unknown') {
    return err(
      'state-corrupt',
      'the state block header names an encoding other than plain JSON or deflate',
      at,
    );
  }
  const data = readPayload(block);
  if (!data.ok) return { ok: false, error: { ...data.error, ...at } };
  const version = (data.value as { v?: unknown } | null)?.v;
  if (typeof version === 'number' && version > STATE_VERSION) return tooNew(version, at);
  return validate(data.value, block.line);
}

function readPayload(block: StateBlock): Result<unknown> {
  if (block.encoding === 'json') return parseJson(block.payload, 'JSON');
  const text = inflateFromBase64(block.payload);
  if (!text.ok) return text;
  const packed = parseJson(text.value, 'deflated JSON');
  return packed.ok ? ok(unpackMolecule(packed.value)) : packed;
}

function parseJson(text: string, what: string): Result<unknown> {
  try {
    return ok(JSON.parse(text));
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return err('state-corrupt', `the state block is not valid ${what}: ${reason}`);
  }
}

function validate(data: unknown, line: number): Result<Molecule> {
  const parsed = MoleculeSchema.safeParse(data);
  if (parsed.success) return ok(parsed.data);
  const issues = parsed.error.issues.map((issue) => ({
    where: formatKeyPath(issue.path) || '(root)',
    message: issue.message,
  }));
  const first = issues[0] ?? { where: '(root)', message: 'invalid' };
  const more =
    issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  const diagnostics: Diagnostic[] = issues.map((issue) => ({
    severity: 'error',
    code: 'state-invalid',
    message: `${issue.where}: ${issue.message}`,
    line,
  }));
  const error: MolError = {
    code: 'state-invalid',
    message: `the state block does not hold a valid molecule: at ${first.where}: ${first.message}${more}`,
    line,
    diagnostics,
  };
  return { ok: false, error };
}

function tooNew(version: number, at: { line: number }): Result<never> {
  return err(
    'state-version',
    `the state block is format v${version}, written by a newer Molecular than this one (which reads v${STATE_VERSION}); upgrade Molecular to read it`,
    at,
  );
}
