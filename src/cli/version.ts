// Inlined by the bundler: dist/mol.js carries the version it was built as.
import pkg from '../../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
