/**
 * The parts of webhook payloads the handlers read, as zod schemas: a payload that lacks them
 * (an event GitHub shapes differently, a forged delivery) is ignored with a reason instead of
 * throwing halfway through a handler. Unknown fields are dropped.
 */
import { z } from 'zod';

const User = z.object({ login: z.string(), type: z.string().optional() });
const Label = z.object({ name: z.string() });
const RepoId = z.object({ id: z.number(), full_name: z.string() });

export const LabeledIssuePayload = z.object({
  action: z.literal('labeled'),
  label: Label,
  issue: z.object({
    number: z.number().int().positive(),
    title: z.string().optional(),
    body: z.string().nullable().optional(),
    user: User.nullable().optional(),
    labels: z.array(Label).optional(),
    pull_request: z.unknown().optional(),
  }),
  sender: User,
});

export const LabeledPullPayload = z.object({
  action: z.literal('labeled'),
  label: Label,
  pull_request: z.object({
    number: z.number().int().positive(),
    title: z.string().optional(),
    body: z.string().nullable().optional(),
    user: User.nullable().optional(),
    labels: z.array(Label).optional(),
    head: z.object({ ref: z.string(), sha: z.string(), repo: RepoId.nullable().optional() }),
    base: z.object({ repo: RepoId }),
  }),
  sender: User,
});

export const IssueCommentPayload = z.object({
  action: z.string(),
  comment: z.object({
    id: z.number(),
    body: z.string().nullable().optional(),
    user: User.nullable(),
    author_association: z.string().optional(),
  }),
  issue: z.object({
    number: z.number().int().positive(),
    title: z.string().optional(),
    body: z.string().nullable().optional(),
    user: User.nullable().optional(),
    pull_request: z.object({ url: z.string().optional() }).nullable().optional(),
  }),
  sender: User,
});

export const CheckRunPayload = z.object({
  action: z.string(),
  check_run: z.object({
    id: z.number(),
    name: z.string(),
    external_id: z.string().nullable().optional(),
    head_sha: z.string(),
    app: z.object({ slug: z.string().optional() }).nullable().optional(),
  }),
  requested_action: z.object({ identifier: z.string() }).nullable().optional(),
  sender: User,
});

export const WorkflowRunPayload = z.object({
  action: z.string(),
  workflow_run: z.object({
    id: z.number(),
    path: z.string().optional(),
    display_title: z.string().optional(),
    conclusion: z.string().nullable().optional(),
    status: z.string().nullable().optional(),
    event: z.string().optional(),
  }),
});

export const PullClosedPayload = z.object({
  action: z.literal('closed'),
  pull_request: z.object({
    number: z.number().int().positive(),
    merged: z.boolean().nullable().optional(),
    head: z.object({ ref: z.string() }).optional(),
  }),
  sender: User,
});

export const PullReviewPayload = z.object({
  action: z.literal('submitted'),
  review: z.object({
    id: z.number().int().positive(),
    state: z.string(),
    body: z.string().nullable().optional(),
    user: User.nullable().optional(),
  }),
  pull_request: z.object({ number: z.number().int().positive(), head: z.object({ ref: z.string() }) }),
  sender: User,
});

export const RepositoryDispatchPayload = z.object({
  action: z.string(),
  client_payload: z.unknown(),
  sender: User,
});

const InstalledRepo = z.object({ name: z.string(), full_name: z.string() });

export const InstallationPayload = z.object({
  action: z.string(),
  installation: z.object({ id: z.number() }),
  repositories: z.array(InstalledRepo).optional(),
  repositories_added: z.array(InstalledRepo).optional(),
});

/** Bots never command Molecular: the App's own comments, other apps, `github-actions[bot]`. */
export function isBot(
  user: { login: string; type?: string | undefined } | null | undefined,
  self: string,
): boolean {
  if (!user) return true;
  const login = user.login.toLowerCase();
  return user.type === 'Bot' || login.endsWith('[bot]') || login === self.toLowerCase();
}

/** An edit of an issue's body: the dashboard's boxes ticked. */
export const EditedIssuePayload = z.object({
  action: z.literal('edited'),
  issue: z.object({
    number: z.number().int().positive(),
    body: z.string().nullable().optional(),
    user: User.nullable().optional(),
    labels: z.array(Label).optional(),
  }),
  sender: User,
});
