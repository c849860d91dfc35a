import { Redirect, Route, Switch } from 'wouter-preact';

import { AccountScreen } from './screens/account/account-screen';
import { ActivityLogsScreen } from './screens/logs/activity-logs-screen';
import { AdminLogsScreen } from './screens/logs/admin-logs-screen';
import { ApiAccessScreen } from './screens/tokens/api-access-screen';
import { EnvironmentScreen } from './screens/projects/environment-screen';
import { EnvironmentsScreen } from './screens/projects/environments-screen';
import { NotesScreen } from './screens/notes/notes-screen';
import { ProjectsScreen } from './screens/projects/projects-screen';
import { RoleScreen } from './screens/users/role-screen';
import { RolesScreen } from './screens/users/roles-screen';
import { ScopesScreen } from './screens/users/scopes-screen';
import { TeamsScreen } from './screens/users/teams-screen';
import { UsersScreen } from './screens/users/users-screen';
import { WorkflowScreen } from './screens/workflows/workflow-screen';
import { WorkflowsScreen } from './screens/workflows/workflows-screen';
import { Shell } from './shell';
import { EmptyState } from './components/empty-state';

/**
 * Every signed-in screen and its path (under `/console`). Project screens take `:projectId`;
 * the screens of an environment's data (activity logs, notes, workflows, scopes) choose the
 * environment themselves (`?environment=<id>`, the first one by default).
 */
export function ConsoleRoutes() {
  return (
    <Shell>
      <Switch>
        <Route path="/">
          <Redirect to="/projects" replace />
        </Route>
        <Route path="/projects" component={ProjectsScreen} />
        <Route path="/account" component={AccountScreen} />
        <Route path="/projects/:projectId">
          {(params: { projectId: string }) => (
            <Redirect to={`/projects/${params.projectId}/environments`} replace />
          )}
        </Route>
        <Route path="/projects/:projectId/environments" component={EnvironmentsScreen} />
        <Route
          path="/projects/:projectId/environments/:environmentId"
          component={EnvironmentScreen}
        />
        <Route path="/projects/:projectId/users" component={UsersScreen} />
        <Route path="/projects/:projectId/teams" component={TeamsScreen} />
        <Route path="/projects/:projectId/roles" component={RolesScreen} />
        <Route path="/projects/:projectId/roles/:roleId" component={RoleScreen} />
        <Route path="/projects/:projectId/scopes" component={ScopesScreen} />
        <Route path="/projects/:projectId/api-access" component={ApiAccessScreen} />
        <Route path="/projects/:projectId/activity-logs" component={ActivityLogsScreen} />
        <Route path="/projects/:projectId/admin-logs" component={AdminLogsScreen} />
        <Route path="/projects/:projectId/notes" component={NotesScreen} />
        <Route path="/projects/:projectId/workflows" component={WorkflowsScreen} />
        <Route path="/projects/:projectId/workflows/:workflowId" component={WorkflowScreen} />
        <Route>
          <EmptyState title="This page does not exist">Pick a screen in the navigation.</EmptyState>
        </Route>
      </Switch>
    </Shell>
  );
}
