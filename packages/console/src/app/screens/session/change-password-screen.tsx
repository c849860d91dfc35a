import { useState } from 'preact/hooks';

import { api } from '../../api/admin-api';
import { Alert } from '../../components/alert';
import { Field } from '../../components/field';
import { formError, useSubmit } from '../../components/use-submit';
import { useSession } from '../../session/session-context';

const FIELDS = ['currentPassword', 'newPassword'];

/**
 * Changes the signed-in user's password (`POST /api/admin/session/password`). The only screen of
 * a user whose password must change (the bootstrap admin's one-time password, first start).
 */
export function ChangePasswordScreen() {
  const { session, reloadSession, signOut } = useSession();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const submit = useSubmit(FIELDS);
  const forced = Boolean(session.user.mustChangePassword);

  return (
    <main class="auth-page">
      <form
        class="card auth-card"
        aria-labelledby="password-title"
        onSubmit={event => {
          event.preventDefault();
          setMismatch(newPassword !== confirm);
          if (newPassword !== confirm) return;
          void submit
            .run(() => api('POST', '/session/password', { currentPassword, newPassword }))
            .then(ok => (ok ? reloadSession() : undefined));
        }}
      >
        <p class="brand">Grove</p>
        <h1 id="password-title">{forced ? 'Choose your password' : 'Change your password'}</h1>
        {forced ? (
          <p>
            You signed in with a one-time password. Choose your own to go on (at least 12
            characters).
          </p>
        ) : null}
        <Alert kind="error">{formError(submit, FIELDS)}</Alert>
        <Field
          label={forced ? 'One-time password' : 'Current password'}
          error={submit.errorFor('currentPassword')}
          render={props => (
            <input
              {...props}
              type="password"
              autoComplete="current-password"
              required
              value={currentPassword}
              onInput={event => setCurrent(event.currentTarget.value)}
            />
          )}
        />
        <Field
          label="New password"
          error={submit.errorFor('newPassword')}
          render={props => (
            <input
              {...props}
              type="password"
              autoComplete="new-password"
              required
              value={newPassword}
              onInput={event => setNew(event.currentTarget.value)}
            />
          )}
        />
        <Field
          label="Repeat the new password"
          error={mismatch ? 'The two passwords differ' : undefined}
          render={props => (
            <input
              {...props}
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              onInput={event => setConfirm(event.currentTarget.value)}
            />
          )}
        />
        <div class="actions">
          <button type="submit" disabled={submit.busy}>
            Save password
          </button>
          <button type="button" class="button-secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </form>
    </main>
  );
}
