import { z } from 'zod';

/** Every 4xx/5xx body of the API: one human-readable sentence, never a stack trace. */
export const apiErrorSchema = z.object({
  error: z.string().describe('A message that can be shown to the user as is.'),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Reads the first zod issue as one sentence, prefixed by the field when it is not already named. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  if (issue.message.endsWith('.')) return issue.message;
  const field = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${field}${issue.message}.`;
}
