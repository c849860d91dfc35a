import type { ComponentChildren } from 'preact';
import { Link, useLocation, useRoute } from 'wouter-preact';

import { useSession } from './session/session-context';

/** A link of the navigation, marked as the current page when it is. */
function NavLink({
  href,
  exact = false,
  children,
}: {
  readonly href: string;
  /** Current only on this very path (not on the paths under it). */
  readonly exact?: boolean;
  readonly children: ComponentChildren;
}) {
  const [location] = useLocation();
  const current = location === href || (!exact && location.startsWith(`${href}/`));

  return (
    <Link href={href} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/** The navigation of a project: its settings, and per environment its data screens. */
function ProjectNav({ projectId }: { readonly projectId: string }) {
  const base = `/projects/${projectId}`;

  return (
    <>
      <NavLink href={`${base}/environments`}>Environments</NavLink>
      <NavLink href={`${base}/users`}>Users</NavLink>
      <NavLink href={`${base}/teams`}>Teams</NavLink>
      <NavLink href={`${base}/roles`}>Roles</NavLink>
      <NavLink href={`${base}/scopes`}>Scopes</NavLink>
      <NavLink href={`${base}/api-access`}>API access</NavLink>
      <NavLink href={`${base}/activity-logs`}>Activity logs</NavLink>
      <NavLink href={`${base}/admin-logs`}>Admin logs</NavLink>
      <NavLink href={`${base}/notes`}>Notes</NavLink>
      <NavLink href={`${base}/workflows`}>Workflows</NavLink>
    </>
  );
}

/**
 * The frame of every signed-in screen: a skip link, the top bar (project switcher, account,
 * sign out), the navigation (a side bar on a laptop, a scrolling row on a phone), the screen.
 */
export function Shell({ children }: { readonly children: ComponentChildren }) {
  const { session, projects, signOut } = useSession();
  const [, params] = useRoute<{ projectId: string }>('/projects/:projectId/*?');
  const [, navigate] = useLocation();
  const projectId = params?.projectId;

  return (
    <div class="shell">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <Link href="/projects" class="brand">
          Grove
        </Link>
        {projects.length > 0 ? (
          <label class="project-switch">
            <span class="visually-hidden">Project</span>
            <select
              value={projectId ?? ''}
              onChange={event => {
                const id = event.currentTarget.value;
                navigate(id ? `/projects/${id}/environments` : '/projects');
              }}
            >
              <option value="">All projects</option>
              {projects.map(project => (
                <option key={project.id} value={String(project.id)}>
                  {project.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <nav class="topbar-links" aria-label="Account">
          <NavLink href="/account">Account settings</NavLink>
          <button type="button" class="link-button" onClick={() => void signOut()}>
            Sign out
          </button>
        </nav>
        <span class="topbar-user muted">{session.user.email}</span>
      </header>
      <div class="layout">
        <nav class="sidebar" aria-label="Console">
          <NavLink href="/projects" exact>
            Projects
          </NavLink>
          {projectId ? <ProjectNav projectId={projectId} /> : null}
        </nav>
        <main id="main" class="content" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
