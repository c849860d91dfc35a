import { PageHeader } from '../../components/page-header';

/** PLACEHOLDER — to be built (issue 16). */
export function UsersScreen() {
  return <PageHeader title="Users" />;
}
