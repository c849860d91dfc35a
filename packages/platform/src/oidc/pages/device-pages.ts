import { SafeHtml, html, renderPage } from './html';

/** The provider's own text input for the code, inside its input form. */
const PROVIDER_CODE_INPUT = /<input\b[^>]*\bname="user_code"[^>]*>(\s*<\/input>)?/;

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The provider's input form without its own (unlabelled, inline-scripted) code input, and the
 * code that input was pre-filled with: the page's labelled input replaces it (two `user_code`
 * fields would post the provider's empty one first).
 */
function withoutProviderInput(form: string): { form: SafeHtml; code: string } {
  const input = PROVIDER_CODE_INPUT.exec(form);
  const value = input ? /\svalue="([^"]*)"/.exec(input[0])?.[1] : undefined;

  return {
    form: new SafeHtml(input ? form.replace(input[0], '') : form),
    code: value === undefined ? '' : decode(value),
  };
}

/**
 * The page where the user types the code the CLI shows. `form` is the provider's form with its
 * anti-forgery field; its own code input is replaced by a labelled one, which joins the form
 * through its `form` attribute like the button.
 *
 * @example
 * ```ts
 * userCodeInputSource: (ctx, form, _out, err) => { ctx.body = deviceCodeInputPage(form, err && 'The code is invalid'); }
 * ```
 */
export function deviceCodeInputPage(form: string, error?: string): string {
  const provider = withoutProviderInput(form);

  return renderPage(
    'Sign in a device',
    html`${provider.form}
      <p>Enter the code your device (for instance the Grove CLI) shows.</p>
      <div class="${error ? 'field field-invalid' : 'field'}">
        <label for="user_code">Code</label>
        <input
          id="user_code"
          class="device-code-input"
          type="text"
          name="user_code"
          value="${provider.code}"
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
 * The page that asks to confirm that the code shown is the one on the user's device. The
 * provider's form carries `confirm=yes` already (a second one from the button would be refused
 * as a duplicate parameter); "Cancel" adds `abort=yes`, which the provider reads first.
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
        <button type="submit" form="op.deviceConfirmForm">Continue</button>
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
