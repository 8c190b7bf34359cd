/**
 * The 55 real Gas Town / Beads formulas (test/fixtures/corpus, MIT) and Gas City's 25
 * (test/fixtures/gascity, MIT) through parse + cook: what upstream runs, we run; what we refuse,
 * we refuse by name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Cooked, cook, type FormulaLibrary } from '../../src/engine/cook/cook.js';
import { ProtoSchema } from '../../src/engine/cook/proto.js';
import { parseFormula } from '../../src/engine/formula/parse-formula.js';
import type { ParsedFormula } from '../../src/engine/formula/parsed-formula.js';

const ROOT = 'test/fixtures/corpus';
const BUILTIN = 'formulas';

function tomlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.toml'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const files = tomlFiles(ROOT);
const parsed = new Map(
  files.map((file) => [file, parseFormula(readFileSync(file, 'utf8'), relative(ROOT, file))]),
);
/** The top folder (gastown or beads): each has its own beads-release, looked up first in its own repo. */
const repoOf = (file: string) => relative(ROOT, file).split('/')[0];

function libraryFor(file: string): FormulaLibrary {
  const byName = new Map<string, ParsedFormula>();
  const ordered = [
    ...files.filter((f) => repoOf(f) !== repoOf(file)),
    ...files.filter((f) => repoOf(f) === repoOf(file)),
  ];
  for (const f of ordered) {
    const result = parsed.get(f);
    if (result?.ok && !result.value.isOverlay) byName.set(result.value.data.formula as string, result.value);
  }
  return { get: (name) => byName.get(name) };
}

function mustParse(suffix: string): ParsedFormula {
  const file = files.find((f) => f.endsWith(suffix));
  const result = file === undefined ? undefined : parsed.get(file);
  if (!result?.ok) throw new Error(`${suffix} did not parse`);
  return result.value;
}

function cookCorpus(suffix: string, vars?: Record<string, string>): Cooked {
  const file = files.find((f) => f.endsWith(suffix)) as string;
  const result = cook(mustParse(suffix), { library: libraryFor(file), vars });
  if (!result.ok) throw new Error(`${suffix}: ${result.error.message}`);
  return result.value;
}

const REQUIRED_WITH_DEFAULT: Record<string, string> = {
  'mol-digest-generate.formula.toml': 'period',
  'mol-orphan-scan.formula.toml': 'scope',
  'mol-shutdown-dance.formula.toml': 'requester',
};
const OVERLAY = 'docs/contrib-harnesses/polecat-pr-flow/mol-polecat-work.toml';

describe('the corpus', () => {
  it('holds the 55 formulas of the manifest', () => {
    expect(files).toHaveLength(55);
  });

  const cookable = files.filter(
    (f) => !f.endsWith(OVERLAY) && !Object.keys(REQUIRED_WITH_DEFAULT).some((s) => f.endsWith(s)),
  );
  it('leaves 51 formulas that upstream runs', () => {
    expect(cookable).toHaveLength(51);
  });

  it.each(cookable.map((f) => [relative(ROOT, f), f]))('%s cooks into a valid proto', (_name, file) => {
    const result = parsed.get(file);
    if (!result?.ok) throw new Error(result?.error.message);
    const cooked = cook(result.value, { library: libraryFor(file) });
    if (!cooked.ok) throw new Error(`${cooked.error.file}:${cooked.error.line}: ${cooked.error.message}`);
    const proto = cooked.value.proto;
    expect(ProtoSchema.parse(proto)).toEqual(proto);
    expect(proto.steps.length).toBeGreaterThan(0);
    expectTopological(proto.steps);
  });

  it.each(Object.entries(REQUIRED_WITH_DEFAULT))(
    '%s is refused, naming the variable "%s"',
    (suffix, name) => {
      const file = files.find((f) => f.endsWith(suffix)) as string;
      const result = parsed.get(file);
      expect(result?.ok).toBe(false);
      if (result?.ok !== false) return;
      expect(result.error.code).toBe('var-required-with-default');
      expect(result.error.message).toContain(`"${name}"`);
      expect(result.error.line).toBeGreaterThan(1);
    },
  );
});

describe('the polecat PR-flow overlay', () => {
  const overlay = mustParse(OVERLAY);

  it('is refused when cooked alone', () => {
    const result = cook(overlay);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('overlay-alone');
    expect(result.error.message).toContain('is a formula overlay (step-overrides), not a formula');
    expect(result.error.message).toContain('mol cook <formula> --overlay');
  });

  it("appends its PR-flow addendum to mol-polecat-work's submit-and-exit step", () => {
    const base = mustParse('internal/formula/formulas/mol-polecat-work.formula.toml');
    const plain = cook(base, { library: libraryFor(ROOT) });
    const withOverlay = cook(base, { library: libraryFor(ROOT), overlays: [overlay] });
    if (!plain.ok || !withOverlay.ok) throw new Error('mol-polecat-work did not cook');
    const before = plain.value.proto.steps.find((s) => s.id === 'submit-and-exit')?.description as string;
    const after = withOverlay.value.proto.steps.find((s) => s.id === 'submit-and-exit')
      ?.description as string;
    const addendum = String(overlay.data['step-overrides']?.[0]?.description).replaceAll(
      '{{base_branch}}',
      'main',
    );
    expect(after).toBe(`${before.replace(/\n+$/, '')}\n\n${addendum}`);
    expect(after.trimEnd().endsWith('do NOT skip PR creation.')).toBe(true);
    // Every other step is untouched.
    const others = (c: typeof plain.value) => c.proto.steps.filter((s) => s.id !== 'submit-and-exit');
    expect(others(withOverlay.value)).toEqual(others(plain.value));
  });
});

describe('composition in the corpus', () => {
  it('shiny-enterprise expands implement with the rule of five', () => {
    const { proto, uses } = cookCorpus('shiny-enterprise.formula.toml');
    expect(uses).toEqual(['shiny', 'rule-of-five']);
    const chain = [
      'implement.draft',
      'implement.refine-1',
      'implement.refine-2',
      'implement.refine-3',
      'implement.refine-4',
    ];
    expect(proto.steps.map((s) => s.id)).toEqual(['design', ...chain, 'review', 'test', 'submit']);
    const needs = Object.fromEntries(proto.steps.map((s) => [s.id, s.needs]));
    expect(needs['implement.draft']).toEqual(['design']);
    for (const [i, id] of chain.slice(1).entries()) expect(needs[id]).toEqual([chain[i]]);
    expect(needs.review).toEqual(['implement.refine-4']);
    const draft = proto.steps[1];
    expect(draft?.title).toBe('Draft: Implement {{feature}}');
    expect(draft?.description).toContain(
      "Initial attempt at: Write the code for {{feature}}. Follow the design. Keep it simple. Don't gold-plate..",
    );
  });

  it('shiny-enterprise substitutes the feature into the expanded titles when given', () => {
    const { proto } = cookCorpus('shiny-enterprise.formula.toml', { feature: 'dark mode' });
    expect(proto.steps.find((s) => s.id === 'implement.draft')?.title).toBe('Draft: Implement dark mode');
  });

  it('shiny-secure wraps implement and submit in security scans', () => {
    const { proto, uses } = cookCorpus('shiny-secure.formula.toml');
    expect(uses).toEqual(['shiny', 'security-audit']);
    expect(proto.steps.map((s) => s.id)).toEqual([
      'design',
      'implement-security-prescan',
      'implement',
      'implement-security-postscan',
      'review',
      'test',
      'submit-security-prescan',
      'submit',
      'submit-security-postscan',
    ]);
    const needs = Object.fromEntries(proto.steps.map((s) => [s.id, s.needs]));
    expect(needs['implement-security-prescan']).toEqual(['design']);
    expect(needs.implement).toEqual(['implement-security-prescan']);
    expect(needs['implement-security-postscan']).toEqual(['implement']);
    expect(needs.review).toEqual(['implement-security-postscan']);
    expect(needs['submit-security-prescan']).toEqual(['test']);
    expect(needs.submit).toEqual(['submit-security-prescan']);
    expect(needs['submit-security-postscan']).toEqual(['submit']);
    expect(proto.steps.find((s) => s.id === 'submit-security-prescan')?.title).toBe(
      'Security prescan for submit',
    );
  });

  it('mol-polecat-work-monorepo-tdd extends its parent and expands implement into the TDD cycle', () => {
    const { proto, uses } = cookCorpus('mol-polecat-work-monorepo-tdd.formula.toml');
    expect(uses).toEqual(['mol-polecat-work-monorepo', 'tdd-cycle']);
    const ids = proto.steps.map((s) => s.id);
    expect(ids).not.toContain('implement');
    const cycle = ['write-tests', 'verify-red', 'implement', 'verify-green', 'refactor'].map(
      (s) => `implement.${s}`,
    );
    expect(ids.filter((id) => id.startsWith('implement.'))).toEqual(cycle);
  });

  it('mol-gastown-boot runs the witness and refinery groups in parallel, each joined by its group step', () => {
    const { proto } = cookCorpus('mol-gastown-boot.formula.toml');
    const step = (id: string) => proto.steps.find((s) => s.id === id);
    expect(step('ensure-gastown-witness')?.needs).toEqual(['ensure-deacon']);
    expect(step('ensure-beads-refinery')?.needs).toEqual(['ensure-deacon']);
    expect(step('ensure-gastown-witness')?.group).toBe('ensure-witnesses');
    expect(step('ensure-witnesses')?.needs).toEqual(['ensure-gastown-witness', 'ensure-beads-witness']);
    expect(step('ensure-witnesses')?.type).toBe('gate');
    expect(step('verify-town-health')?.needs).toEqual(['ensure-witnesses', 'ensure-refineries']);
  });

  it('code-review (a convoy) becomes ten parallel legs and a synthesis that needs them all', () => {
    const { proto } = cookCorpus('code-review.formula.toml');
    expect(proto.type).toBe('convoy');
    const legs = proto.steps.filter((s) => s.id !== 'synthesis');
    expect(legs).toHaveLength(10);
    for (const leg of legs) expect(leg.needs).toEqual([]);
    expect(proto.steps.at(-1)?.id).toBe('synthesis');
    expect(proto.steps.at(-1)?.needs).toEqual(legs.map((l) => l.id));
    expect(proto.vars.pr?.required).toBe(false);
  });

  it('beads-release maps the gh:run gate to a checks gate on release.yml', () => {
    const { proto } = cookCorpus('beads/.beads/formulas/beads-release.formula.toml');
    const awaitCi = proto.steps.find((s) => s.id === 'await-ci');
    expect(awaitCi?.gates).toEqual([{ type: 'checks', names: ['release.yml'], timeout: '30m' }]);
    expect(awaitCi?.type).toBe('gate');
  });
});

describe('towers-of-hanoi-10', () => {
  it('cooks all 1,025 steps in topological order, in a few milliseconds', () => {
    const formula = mustParse('towers-of-hanoi-10.formula.toml');
    // Best of ten, so a busy machine running other test files in parallel does not decide it.
    let best = Number.POSITIVE_INFINITY;
    let result = cook(formula);
    for (let run = 0; run < 10; run++) {
      const started = performance.now();
      result = cook(formula);
      best = Math.min(best, performance.now() - started);
    }
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.proto.steps).toHaveLength(1025);
    expectTopological(result.value.proto.steps);
    expect(best).toBeLessThan(50);
  });
});

describe('the built-in formulas', () => {
  const builtins = tomlFiles(BUILTIN);
  const builtinLibrary: FormulaLibrary = {
    get: (name) => {
      const file = builtins.find((f) => f.endsWith(`/${name}.formula.toml`));
      const result = file === undefined ? undefined : parseFormula(readFileSync(file, 'utf8'), file);
      return result?.ok ? result.value : undefined;
    },
  };

  it('are the six built-in formulas', () => {
    expect(builtins.map((f) => relative(BUILTIN, f)).sort()).toEqual(
      ['gated-task', 'hello', 'mol-inspector-verify', 'mol-polecat-work', 'mol-witness-patrol', 'shiny'].map(
        (n) => `${n}.formula.toml`,
      ),
    );
  });

  it.each(builtins.map((f) => [relative(BUILTIN, f), f]))(
    '%s parses without warnings and cooks',
    (_name, file) => {
      const result = parseFormula(readFileSync(file, 'utf8'), file);
      if (!result.ok) throw new Error(`${result.error.line}: ${result.error.message}`);
      expect(result.value.warnings).toEqual([]);
      const cooked = cook(result.value, { library: builtinLibrary });
      if (!cooked.ok) throw new Error(`${cooked.error.line}: ${cooked.error.message}`);
      expect(cooked.value.warnings).toEqual([]);
      expect(ProtoSchema.parse(cooked.value.proto)).toEqual(cooked.value.proto);
      expect(`${cooked.value.proto.formula}.formula.toml`).toBe(relative(BUILTIN, file));
    },
  );
});

describe('the Gas City formulas', () => {
  const GASCITY = 'test/fixtures/gascity';
  const cityFiles = tomlFiles(GASCITY);
  const cityParsed = new Map(
    cityFiles.map((file) => [file, parseFormula(readFileSync(file, 'utf8'), relative(GASCITY, file))]),
  );
  const CORE = `${GASCITY}/internal/bootstrap/packs/core/formulas`;
  const EXTENDS_CORE = ['mol-polecat-work.toml'];
  /** Gas City looks a name up in the formula's own pack directory, then in the search path given. */
  const libraryOf = (file: string, searchPath: readonly string[] = []): FormulaLibrary => {
    const byName = new Map<string, ParsedFormula>();
    for (const dir of [...searchPath].reverse().concat(dirname(file))) {
      for (const f of cityFiles.filter((g) => dirname(g) === dir)) {
        const result = cityParsed.get(f);
        if (result?.ok) byName.set(result.value.data.formula as string, result.value);
      }
    }
    return { get: (name) => byName.get(name) };
  };
  const cityCook = (suffix: string, searchPath: readonly string[] = []) => {
    const file = cityFiles.find((f) => f.endsWith(suffix)) as string;
    const result = cityParsed.get(file);
    if (!result?.ok) throw new Error(`${suffix} did not parse`);
    return cook(result.value, { library: libraryOf(file, searchPath) });
  };
  /** `{{date}}` is declared nowhere, so it reaches the agent as written: cook says so. */
  const CITY_UNDECLARED: Record<string, string[]> = {
    'examples/gastown/packs/gastown/formulas/mol-digest-generate.toml': [
      'step "generate-and-send": {{date}} in description is not a declared variable, so it stays as written',
    ],
  };
  const stepOf = (suffix: string, id: string) => {
    const cooked = cityCook(suffix);
    if (!cooked.ok) throw new Error(cooked.error.message);
    return cooked.value.proto.steps.find((s) => s.id === id);
  };

  it('are the 25 files of the manifest, byte for byte', () => {
    const rows = readFileSync(`${GASCITY}/MANIFEST.tsv`, 'utf8').trim().split('\n').slice(1);
    expect(rows.map((r) => join(GASCITY, r.split('\t')[1] as string)).sort()).toEqual(cityFiles);
    expect(cityFiles).toHaveLength(25);
  });

  it.each(cityFiles.map((f) => [relative(GASCITY, f), f]))(
    '%s parses with no warning (ralph, retry and metadata are known keys)',
    (_name, file) => {
      const result = cityParsed.get(file);
      if (!result?.ok) throw new Error(result?.error.message);
      // Any warning at all is listed here, so one about another key would show up by name.
      expect(result.value.warnings.map((w) => `${w.line}:${w.col} ${w.message}`)).toEqual([]);
    },
  );

  it.each(
    cityFiles.filter((f) => !EXTENDS_CORE.some((s) => f.endsWith(s))).map((f) => [relative(GASCITY, f), f]),
  )('%s cooks into a valid proto without warnings but its undeclared {{placeholders}}', (name, file) => {
    const cooked = cityCook(relative(GASCITY, file));
    if (!cooked.ok) throw new Error(cooked.error.message);
    expect(cooked.value.warnings.map((w) => w.message)).toEqual(CITY_UNDECLARED[name] ?? []);
    expect(ProtoSchema.parse(cooked.value.proto)).toEqual(cooked.value.proto);
    expectTopological(cooked.value.proto.steps);
  });

  it('mol-polecat-work (gastown pack) extends mol-polecat-base from the core pack: refused by name alone, cooked with the core pack on the search path', () => {
    const alone = cityCook('mol-polecat-work.toml');
    expect(alone.ok).toBe(false);
    if (!alone.ok) expect(alone.error.message).toContain('extends names "mol-polecat-base"');
    expectPolecatVariant(cityCook('mol-polecat-work.toml', [CORE]), 'submit-and-exit');
  });

  it('mol-polecat-commit finds mol-polecat-base beside it in the core pack', () => {
    expectPolecatVariant(cityCook('mol-polecat-commit.toml'), 'commit-and-push');
  });

  function expectPolecatVariant(cooked: ReturnType<typeof cook>, last: string): void {
    if (!cooked.ok) throw new Error(cooked.error.message);
    expect(cooked.value.uses).toEqual(['mol-polecat-base']);
    expect(cooked.value.proto.steps.map((s) => s.id)).toEqual([
      'load-context',
      'workspace-setup',
      'preflight-tests',
      'implement',
      'self-review',
      last,
    ]);
    // The variant's own workspace-setup replaces the base's placeholder.
    expect(cooked.value.proto.steps[1]?.title).not.toBe('Set up workspace (override in variant formulas)');
    expectTopological(cooked.value.proto.steps);
  }

  it('ralph: max_attempts counts the runs (2 = one retry) and the check is a command gate in the workspace', () => {
    for (const [suffix, script] of [
      ['ralph-demo.toml', 'ralph-check.sh'],
      ['ralph-retry-demo.toml', 'ralph-retry-check.sh'],
    ] as const) {
      const step = stepOf(suffix, 'implement');
      expect(step?.maxRetries).toBe(1);
      expect(step?.gates).toEqual([{ type: 'command', run: `'./.gc/scripts/${script}'`, timeout: '30s' }]);
    }
  });

  it('retry: mol-scoped-work allows three attempts per step and fails hard; metadata stays on each step', () => {
    const body = stepOf('mol-scoped-work.toml', 'body');
    expect(body?.metadata).toEqual({
      'gc.kind': 'scope',
      'gc.scope_name': 'worktree',
      'gc.scope_role': 'body',
    });
    expect(body?.maxRetries).toBeUndefined();
    const implement = stepOf('mol-scoped-work.toml', 'implement');
    expect(implement?.maxRetries).toBe(2);
    expect(implement?.onExhausted).toBe('hard_fail');
    expect(implement?.metadata?.['gc.on_fail']).toBe('abort_scope');
  });
});

function expectTopological(steps: readonly { id: string; needs: string[] }[]): void {
  const seen = new Set<string>();
  for (const step of steps) {
    for (const need of step.needs) expect(seen.has(need), `${step.id} comes before ${need}`).toBe(true);
    seen.add(step.id);
  }
}
