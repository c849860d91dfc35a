import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

import type { AdminSession, Project } from '../api/admin-types';

/** A project as the session's user sees it in the list (with their role there). */
export interface SessionProject extends Project {
  readonly role: { readonly id: number; readonly name: string } | null;
  readonly isAdmin: boolean;
}

/** The signed-in user, their projects, and how to refresh or end the session. */
export interface SessionState {
  readonly session: AdminSession;
  readonly projects: readonly SessionProject[];
  /** Reloads the projects (after one was created or renamed). */
  reloadProjects(): Promise<void>;
  /** Reloads the session (after the password changed). */
  reloadSession(): Promise<void>;
  signOut(): Promise<void>;
}

export const SessionContext = createContext<SessionState | null>(null);

/** The session of a signed-in screen (every screen but sign-in is one). */
export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside of a signed-in screen');

  return state;
}
