import { PageHeader } from '../../components/page-header';

/** PLACEHOLDER — to be built (issue 16). */
export function AccountScreen() {
  return <PageHeader title="Account settings" />;
}
