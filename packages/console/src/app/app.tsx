import { useCallback, useEffect, useState } from 'preact/hooks';
import { Route, Router, Switch } from 'wouter-preact';

import { api, setCsrfToken, setUnauthorizedHandler } from './api/admin-api';
import type { AdminSession, DataOf } from './api/admin-types';
import { ConsoleRoutes } from './console-routes';
import { ChangePasswordScreen } from './screens/session/change-password-screen';
import { SignInScreen } from './screens/session/sign-in-screen';
import { SessionContext } from './session/session-context';
import type { SessionProject, SessionState } from './session/session-context';

/** The path the platform serves the console under (Vite's `base`). */
const BASE = '/console';

/**
 * The console: reads the session (the HttpOnly cookie goes along by itself); signed out, it
 * shows the sign-in page; a user whose password must change (the bootstrap admin's one-time
 * password) sees only that form; everyone else gets the screens of {@link ConsoleRoutes}.
 */
export function App() {
  const [session, setSession] = useState<AdminSession | null | undefined>(undefined);
  const [projects, setProjects] = useState<readonly SessionProject[]>([]);

  const loadSession = useCallback(async () => {
    try {
      const { data } = await api<DataOf<AdminSession>>('GET', '/session');
      setCsrfToken(data.csrfToken);
      // A one-time password opens nothing but its own change (the platform refuses the rest).
      setProjects(
        data.user.mustChangePassword
          ? []
          : (await api<DataOf<SessionProject[]>>('GET', '/projects')).data,
      );
      setSession(data);
    } catch {
      setCsrfToken('');
      setSession(null);
    }
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setCsrfToken('');
      setSession(null);
    });
    void loadSession();
  }, [loadSession]);

  if (session === undefined) {
    return (
      <p class="muted center" aria-busy="true">
        Loading…
      </p>
    );
  }
  if (session === null) return <SignInScreen onSignedIn={loadSession} />;

  const state: SessionState = {
    session,
    projects,
    reloadProjects: async () => {
      setProjects((await api<DataOf<SessionProject[]>>('GET', '/projects')).data);
    },
    reloadSession: loadSession,
    signOut: async () => {
      await api('DELETE', '/session').catch(() => undefined);
      setCsrfToken('');
      setSession(null);
    },
  };

  return (
    <SessionContext.Provider value={state}>
      <Router base={BASE}>
        {session.user.mustChangePassword ? (
          <ChangePasswordScreen />
        ) : (
          <Switch>
            <Route path="/change-password" component={ChangePasswordScreen} />
            <Route>
              <ConsoleRoutes />
            </Route>
          </Switch>
        )}
      </Router>
    </SessionContext.Provider>
  );
}
