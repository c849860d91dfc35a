import { SafeHtml, html, renderPage } from './html';

/**
 * The page where the user types the code the CLI shows. `form` is the provider's (empty) form
 * with its anti-forgery field; the inputs join it through their `form` attribute.
 *
 * @example
 * ```ts
 * userCodeInputSource: (ctx, form, _out, err) => { ctx.body = deviceCodeInputPage(form, err && 'The code is invalid'); }
 * ```
 */
export function deviceCodeInputPage(form: string, error?: string): string {
  return renderPage(
    'Sign in a device',
    html`${new SafeHtml(form)}
      <p>Enter the code your device (for instance the Grove CLI) shows.</p>
      <div class="${error ? 'field field-invalid' : 'field'}">
        <label for="user_code">Code</label>
        <input
          id="user_code"
          class="device-code-input"
          type="text"
          name="user_code"
          form="op.deviceInputForm"
          autocomplete="off"
          autocapitalize="characters"
          spellcheck="false"
          maxlength="32"
          aria-describedby="${error ? 'user-code-error' : 'user-code-hint'}"
          ${error ? html`aria-invalid="true"` : ''}
          required
          autofocus
        />
        ${
          error
            ? html`<p class="field-error" id="user-code-error" role="alert">${error}</p>`
            : html`<p class="hint" id="user-code-hint">Eight letters, such as BCDF-GHJK.</p>`
        }
      </div>
      <div class="actions">
        <button type="submit" form="op.deviceInputForm">Continue</button>
      </div>`,
  );
}

/**
 * The page that asks to confirm that the code shown is the one on the user's device.
 *
 * @example
 * ```ts
 * userCodeConfirmSource: (ctx, form, client, _info, userCode) => { ctx.body = deviceConfirmPage(form, client.clientName ?? client.clientId, userCode); }
 * ```
 */
export function deviceConfirmPage(form: string, clientName: string, userCode: string): string {
  return renderPage(
    'Confirm the device',
    html`${new SafeHtml(form)}
      <p><strong>${clientName}</strong> asks to sign in with this code:</p>
      <p class="device-code">${userCode}</p>
      <p class="alert alert-warning">
        Only continue if you started this on your own device and it shows the same code.
      </p>
      <div class="actions">
        <button type="submit" form="op.deviceConfirmForm" name="confirm" value="yes">
          Continue
        </button>
        <button
          type="submit"
          class="button-secondary"
          form="op.deviceConfirmForm"
          name="abort"
          value="yes"
        >
          Cancel
        </button>
      </div>`,
  );
}

/**
 * The page shown once the device is signed in (or the request was cancelled).
 *
 * @example
 * ```ts
 * successSource: ctx => { ctx.body = deviceDonePage(); }
 * ```
 */
export function deviceDonePage(): string {
  return renderPage(
    'Device signed in',
    html`<p>You can close this page and go back to your device.</p>`,
  );
}

/**
 * The error page of the provider (bad request, expired interaction...): the error code and its
 * description, escaped.
 *
 * @example
 * ```ts
 * renderError: (ctx, out) => { ctx.body = errorPage(out.error, out.error_description); }
 * ```
 */
export function errorPage(error: string, description?: string): string {
  return renderPage(
    'Something went wrong',
    html`<div class="alert alert-error" role="alert">${description ?? error}</div>
      <p class="muted">Error code: <code>${error}</code></p>`,
  );
}
