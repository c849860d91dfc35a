import { PageHeader } from '../../components/page-header';

/** PLACEHOLDER — to be built (issue 16). */
export function WorkflowScreen() {
  return <PageHeader title="Workflow" />;
}
