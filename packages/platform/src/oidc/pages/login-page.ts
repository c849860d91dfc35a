import { html, renderPage } from './html';

/** What the sign-in page shows. */
export interface LoginPageInput {
  /** Where the form posts. */
  readonly action: string;
  readonly csrfToken: string;
  /** Who asks the user to sign in (the client's name). */
  readonly clientName: string;
  readonly email?: string;
  readonly error?: string;
}

/**
 * The sign-in form (email and password), a plain HTML form without script.
 *
 * @example
 * ```ts
 * res.send(loginPage({ action: '/oidc/interaction/abc/login', csrfToken, clientName: 'Agent' }));
 * ```
 */
export function loginPage(input: LoginPageInput): string {
  return renderPage(
    'Sign in to Grove',
    html`<p class="muted">to continue to ${input.clientName}</p>
      ${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
      <form method="post" action="${input.action}">
        <input type="hidden" name="csrf" value="${input.csrfToken}" />
        <label for="email">Email</label>
        <input
          id="email"
          type="email"
          name="email"
          value="${input.email ?? ''}"
          autocomplete="username"
          required
          autofocus
        />
        <label for="password">Password</label>
        <input
          id="password"
          type="password"
          name="password"
          autocomplete="current-password"
          required
        />
        <button type="submit">Sign in</button>
      </form>`,
  );
}
