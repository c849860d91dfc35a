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
 * The sign-in form (email and password), a plain HTML form without script, laid out as the
 * console's sign-in. A wrong password is said above the form and described on both fields.
 * A user whose password is a one-time one (`mustChangePassword`) is refused here with a message
 * sending them to the console, where they choose their own password first.
 *
 * @example
 * ```ts
 * res.send(loginPage({ action: '/oidc/interaction/abc/login', csrfToken, clientName: 'Agent' }));
 * ```
 */
export function loginPage(input: LoginPageInput): string {
  const invalid = input.error ? html` aria-invalid="true" aria-describedby="login-error"` : '';

  return renderPage(
    'Sign in to Grove',
    html`<p class="muted">to continue to <strong>${input.clientName}</strong></p>
      ${
        input.error
          ? html`<div class="alert alert-error" role="alert" id="login-error">${input.error}</div>`
          : ''
      }
      <form method="post" action="${input.action}">
        <input type="hidden" name="csrf" value="${input.csrfToken}" />
        <div class="field">
          <label for="email">Email</label>
          <input
            id="email"
            type="email"
            name="email"
            value="${input.email ?? ''}"
            autocomplete="username"
            maxlength="320"
            required
            autofocus${invalid}
          />
        </div>
        <div class="field">
          <label for="password">Password</label>
          <input
            id="password"
            type="password"
            name="password"
            autocomplete="current-password"
            required${invalid}
          />
        </div>
        <div class="actions">
          <button type="submit">Sign in</button>
        </div>
      </form>`,
  );
}
