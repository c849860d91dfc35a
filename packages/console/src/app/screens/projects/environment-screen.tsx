import { PageHeader } from '../../components/page-header';

/** PLACEHOLDER — to be built (issue 16). */
export function EnvironmentScreen() {
  return <PageHeader title="Environment" />;
}
