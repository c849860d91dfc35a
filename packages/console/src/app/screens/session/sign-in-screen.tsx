import { useState } from 'preact/hooks';

import { api, setCsrfToken } from '../../api/admin-api';
import type { AdminSession, DataOf } from '../../api/admin-types';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { formError, useSubmit } from '../../components/use-submit';

const FIELDS = ['email', 'password'];

/**
 * Sign in with email and password (`POST /api/admin/session`): the platform sets the HttpOnly
 * session cookie and answers the CSRF token, kept in memory.
 */
export function SignInScreen({ onSignedIn }: { readonly onSignedIn: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useSubmit(FIELDS);

  return (
    <main class="auth-page">
      <form
        class="card auth-card"
        aria-labelledby="sign-in-title"
        onSubmit={event => {
          event.preventDefault();
          void submit
            .run(async () => {
              const { data } = await api<DataOf<AdminSession>>('POST', '/session', {
                email,
                password,
              });
              setCsrfToken(data.csrfToken);
            })
            .then(ok => (ok ? onSignedIn() : undefined));
        }}
      >
        <p class="brand">Grove</p>
        <h1 id="sign-in-title">Sign in to the console</h1>
        <Alert kind="error">{formError(submit, FIELDS)}</Alert>
        <Field
          label="Email"
          error={submit.errorFor('email')}
          render={props => (
            <input
              {...props}
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              onInput={event => setEmail(event.currentTarget.value)}
            />
          )}
        />
        <Field
          label="Password"
          error={submit.errorFor('password')}
          render={props => (
            <input
              {...props}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onInput={event => setPassword(event.currentTarget.value)}
            />
          )}
        />
        <button type="submit" disabled={submit.busy}>
          {submit.busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
