/** What an event handler did, for logs, the Action's job summary and tests. */
export interface HandlerResult {
  status: 'ignored' | 'applied' | 'refused' | 'failed';
  detail: string;
}

export const ignored = (detail: string): HandlerResult => ({ status: 'ignored', detail });
export const applied = (detail: string): HandlerResult => ({ status: 'applied', detail });
export const refused = (detail: string): HandlerResult => ({ status: 'refused', detail });
export const failed = (detail: string): HandlerResult => ({ status: 'failed', detail });
