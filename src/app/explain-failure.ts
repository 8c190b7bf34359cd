/**
 * Misconfigurations of the App (a permission it was not granted, credentials GitHub refuses, a
 * GHE_HOST nothing answers) logged as one line naming the fix, not as a stack trace: a
 * redelivery cannot fix them, the App's owner can.
 */
import type { Context, Probot } from 'probot';
import { describeApiFailure } from '../github/api-failure.js';

type EventName = Parameters<Probot['on']>[0];

/** `app.on`, with the handler's misconfiguration failures explained instead of thrown. */
export function explainingOn(app: Probot) {
  return (event: EventName, handle: (context: Context) => Promise<void>): void => {
    app.on(event, async (context) => {
      try {
        await handle(context as Context);
      } catch (error) {
        const line = describeApiFailure(error, 'app');
        if (line === undefined) throw error;
        context.log.error(line);
      }
    });
  };
}
