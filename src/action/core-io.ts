/** ActionIO over @actions/core: workflow commands on stdout, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files. */
import * as core from '@actions/core';
import type { ActionIO, AnnotationPlace } from './action-io.js';

function properties(place: AnnotationPlace | undefined): core.AnnotationProperties {
  if (!place) return {};
  return {
    ...(place.title === undefined ? {} : { title: place.title }),
    ...(place.file === undefined ? {} : { file: place.file }),
    ...(place.line === undefined ? {} : { startLine: place.line }),
    ...(place.col === undefined ? {} : { startColumn: place.col }),
  };
}

export const coreIO: ActionIO = {
  debug: (text) => core.debug(text),
  info: (text) => core.info(text),
  write: (chunk) => {
    process.stdout.write(chunk);
  },
  notice: (text, place) => core.notice(text, properties(place)),
  warning: (text, place) => core.warning(text, properties(place)),
  error: (text, place) => core.error(text, properties(place)),
  async summary(markdown) {
    // Outside a runner (a local try-out) there is no summary file: show it in the log instead.
    if (!process.env.GITHUB_STEP_SUMMARY) {
      core.info(markdown);
      return;
    }
    await core.summary.addRaw(markdown, true).write();
  },
};
