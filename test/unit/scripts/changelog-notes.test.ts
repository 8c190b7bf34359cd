import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { releaseNotes } from '../../../scripts/changelog-notes.mjs';

const read = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

const sample = [
  '# Changelog',
  '',
  '## [Unreleased]',
  '',
  '## [1.2.3] - 2026-12-01',
  '',
  '### Fixed',
  '- the second thing',
  '',
  '## [1.2.2] - 2026-11-30',
  '- the first thing',
  '',
  '## [1.0.0] - 2026-11-01',
  '',
  '[1.2.3]: https://example.invalid/v1.2.3',
].join('\n');

describe('release notes from CHANGELOG.md', () => {
  it("takes one release's section, up to the next heading", () => {
    expect(releaseNotes(sample, '1.2.3')).toBe('### Fixed\n- the second thing');
    expect(releaseNotes(sample, '1.2.2')).toBe('- the first thing');
  });

  it('has no notes for a version without a section, an empty section or a look-alike version', () => {
    expect(releaseNotes(sample, '1.2.4')).toBeUndefined();
    expect(releaseNotes(sample, '1.0.0')).toBeUndefined();
    expect(releaseNotes(sample.replace('[1.2.3]', '[1x2x3]'), '1.2.3')).toBeUndefined();
  });

  it('finds notes for the version in package.json, without the link references', () => {
    const { version } = JSON.parse(read('package.json')) as { version: string };
    const notes = releaseNotes(read('CHANGELOG.md'), version);
    expect(notes).toBeDefined();
    expect(notes).not.toMatch(/^\[[^\]]+\]: /m);
    expect(notes).not.toMatch(/^## /m);
  });
});
