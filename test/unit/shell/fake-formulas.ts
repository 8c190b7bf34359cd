/**
 * An in-memory FormulaSource: formulas by name as they stand "now", pinned blobs by sha (which
 * never change), built-ins by name. It counts blob reads, so a test can see a cache hit.
 */
import { createHash } from 'node:crypto';
import { err, ok } from '../../../src/engine/errors.js';
import { parseFormula } from '../../../src/engine/formula/parse-formula.js';
import type { ParsedFormula } from '../../../src/engine/formula/parsed-formula.js';
import type {
  BuiltinFormula,
  FormulaSource,
  ResolvedFormula,
} from '../../../src/engine/molecule/formula-source.js';
import type { FormulaRef } from '../../../src/engine/molecule/molecule-schema.js';

const sha = (text: string) => createHash('sha1').update(text).digest('hex');

export class FakeFormulas implements FormulaSource {
  readonly blobs = new Map<string, string>();
  readonly current = new Map<string, string>();
  readonly builtins = new Map<string, BuiltinFormula>();
  blobReads = 0;
  pinned: Array<{ named: string; used: readonly string[] }> = [];

  constructor(readonly scope = 'acme/widgets') {}

  /** Puts `text` on the "default branch" as `name`, and its blob in the object store. */
  publish(name: string, text: string): { path: string; blobSha: string } {
    this.current.set(name, text);
    const blobSha = sha(text);
    this.blobs.set(blobSha, text);
    return { path: `formulas/${name}.formula.toml`, blobSha };
  }

  builtin = (name: string) => this.builtins.get(name);

  readBlob = async (pin: { path: string; blobSha: string }) => {
    this.blobReads++;
    const text = this.blobs.get(pin.blobSha);
    return text === undefined ? err('blob-missing', `blob ${pin.blobSha} is gone`) : ok(text);
  };

  resolve = async (name: string) => {
    const parse = (n: string): ParsedFormula | undefined => {
      const text = this.current.get(n);
      if (text === undefined) return undefined;
      const parsed = parseFormula(text, `formulas/${n}.formula.toml`);
      return parsed.ok ? parsed.value : undefined;
    };
    const root = parse(name);
    if (!root) return err('unknown-formula', `there is no formula "${name}"`);
    const resolved: ResolvedFormula = {
      root,
      library: { get: parse },
      overlays: [],
      problems: [],
      pin: async (named, used) => {
        this.pinned.push({ named, used });
        const pinOf = (n: string) => ({
          path: `formulas/${n}.formula.toml`,
          blobSha: sha(this.current.get(n) ?? ''),
        });
        const ref: FormulaRef = { name: named, source: pinOf(name) };
        if (used.length > 0) ref.pins = Object.fromEntries(used.map((n) => [n, pinOf(n)]));
        return ok(ref);
      },
    };
    return ok(resolved);
  };
}
