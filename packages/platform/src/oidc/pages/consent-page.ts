import { html, renderPage } from './html';

/** What the consent page shows. */
export interface ConsentPageInput {
  /** Where "Allow" posts. */
  readonly confirmAction: string;
  /** Where "Deny" posts. */
  readonly abortAction: string;
  readonly csrfToken: string;
  readonly clientName: string;
  readonly email: string;
  /** The scopes asked for (openid, email, profile...). */
  readonly scopes: readonly string[];
  /** The environment an MCP client asks to work in ("Project · Environment"). */
  readonly environment?: string;
  /** Where an MCP client's browser goes back to (the host of its redirect URI). */
  readonly redirectHost?: string;
}

const SCOPE_TEXT: Readonly<Record<string, string>> = {
  openid: 'know who you are',
  email: 'see your email address',
  profile: 'see your name',
  'mcp:read': 'read your data through its AI assistant (MCP)',
  'mcp:write': 'create, change and delete your data through its AI assistant (MCP)',
  'mcp:action': 'run actions through its AI assistant (MCP)',
};

/**
 * The consent page: who asks, the list of what they ask for (in words), the environment an MCP
 * client would work in and where the browser goes back to, then "Allow" and "Deny" (two plain
 * forms, "Allow" first).
 *
 * @example
 * ```ts
 * res.send(consentPage({ confirmAction, abortAction, csrfToken, clientName, email, scopes: ['openid'] }));
 * ```
 */
export function consentPage(input: ConsentPageInput): string {
  const hidden = html`<input type="hidden" name="csrf" value="${input.csrfToken}" />`;

  return renderPage(
    'Allow access?',
    html`<p id="consent-asks"><strong>${input.clientName}</strong> asks to:</p>
      <ul class="consent-list" aria-labelledby="consent-asks">
        ${input.scopes.map(scope => html`<li>${SCOPE_TEXT[scope] ?? scope}</li>`)}
      </ul>
      ${
        input.environment
          ? html`<p>in the environment <strong>${input.environment}</strong>.</p>`
          : ''
      }
      ${
        input.redirectHost
          ? html`<p class="muted">Allowing sends you back to ${input.redirectHost}.</p>`
          : ''
      }
      <p class="muted">Signed in as ${input.email}.</p>
      <div class="actions">
        <form method="post" action="${input.confirmAction}">
          ${hidden}<button type="submit">Allow</button>
        </form>
        <form method="post" action="${input.abortAction}">
          ${hidden}<button type="submit" class="button-secondary">Deny</button>
        </form>
      </div>`,
  );
}
