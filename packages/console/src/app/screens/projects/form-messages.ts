import type { Submit } from '../../components/use-submit';

/** Which server messages belong to which field: a pattern per field name. */
export type MessagePatterns = Readonly<Record<string, RegExp>>;

/** The server's validation messages of a form, placed next to their fields or above the form. */
export interface FormMessages {
  /** The message of a field, when the server's message is about it. */
  field(name: string): string | undefined;
  /** The message no field shows (to show above the form). */
  readonly form: string | undefined;
}

/**
 * Places a submission's server message: some platform messages name their field in a sentence
 * ("The environment name must be…", "Already exists (project_id, name)") rather than first, so
 * each field has a pattern; a message that matches none shows above the form.
 *
 * @example
 * ```tsx
 * const messages = formMessages(submit, { name: /\bname\b/i, agentUrl: /agent URL/i });
 * <Field label="Name" error={messages.field('name')} … />
 * ```
 */
export function formMessages(submit: Submit, patterns: MessagePatterns): FormMessages {
  const error = submit.error;
  const validation = error !== undefined && [400, 409, 422].includes(error.status);
  const owner = validation
    ? Object.keys(patterns).find(name => patterns[name]!.test(error.detail))
    : undefined;

  return {
    field: name => (owner === name ? error?.detail : undefined),
    form: owner === undefined ? error?.detail : undefined,
  };
}
