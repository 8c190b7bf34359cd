/**
 * The GitHub App's entry for `probot run ./dist/app.js`: Probot loads this module's default
 * export. Configuration is Probot's environment (APP_ID, PRIVATE_KEY, WEBHOOK_SECRET, GHE_HOST…)
 * plus Molecular's own (APP_SLUG, MOLECULAR_STATE_KEY, MOLECULAR_PATROL_INTERVAL, MOLECULAR_GIT_URL).
 */
import { optionsFromEnv } from './app-options.js';
import { createMolecularApp } from './create-app.js';

export { type MolecularAppOptions, optionsFromEnv } from './app-options.js';
export { createMolecularApp } from './create-app.js';

export default createMolecularApp(optionsFromEnv());
