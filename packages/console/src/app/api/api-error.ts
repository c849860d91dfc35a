/** One error of the platform's admin API (`{ errors: [{ status, code, detail }] }`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  /**
   * The field a validation message is about, when it starts with one of `fields` (the admin API
   * names the field first: "name is a text of 1 to 100 characters"), so that a form shows the
   * message next to that field.
   */
  fieldOf(fields: readonly string[]): string | undefined {
    if (this.status !== 400 && this.status !== 409 && this.status !== 422) return undefined;

    return fields.find(field => this.detail === field || this.detail.startsWith(`${field} `));
  }
}

/** Reads the admin API's error body, whatever the status. */
export async function readApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  const first = (body as { errors?: { code?: unknown; detail?: unknown }[] } | null)?.errors?.[0];

  return new ApiError(
    response.status,
    typeof first?.code === 'string' ? first.code : `Http${response.status}`,
    typeof first?.detail === 'string' ? first.detail : `${response.status} ${response.statusText}`,
  );
}
