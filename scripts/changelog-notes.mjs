// `node scripts/changelog-notes.mjs <version> [CHANGELOG.md]` prints the notes of one release: the
// body of its `## [X.Y.Z]` section, up to the next `## ` heading. The release workflow uses them as
// the GitHub release's notes; a version with no section, or an empty one, exits 1 with one line,
// so a release cannot go out without notes.
import { readFileSync } from 'node:fs';

export function releaseNotes(changelog, version) {
  const lines = changelog.split(/\r?\n/);
  const heading = new RegExp(`^## \\[${version.replace(/[.+]/g, '\\$&')}\\](?:\\s|$)`);
  const start = lines.findIndex((line) => heading.test(line));
  if (start === -1) return undefined;
  const rest = lines.slice(start + 1);
  // The section ends at the next release heading or at the link references at the bottom.
  const end = rest.findIndex((line) => line.startsWith('## ') || /^\[[^\]]+\]: /.test(line));
  const body = (end === -1 ? rest : rest.slice(0, end)).join('\n').trim();
  return body === '' ? undefined : body;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [version, file = 'CHANGELOG.md'] = process.argv.slice(2);
  if (!version || !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(version)) {
    console.error('usage: node scripts/changelog-notes.mjs <X.Y.Z> [CHANGELOG.md]');
    process.exit(2);
  }
  const notes = releaseNotes(readFileSync(file, 'utf8'), version);
  if (notes === undefined) {
    console.error(`${file}: no notes for ${version}: add a "## [${version}] - YYYY-MM-DD" section`);
    process.exit(1);
  }
  console.log(notes);
}
