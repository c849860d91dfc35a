import { PageHeader } from '../../components/page-header';

/** PLACEHOLDER — to be built (issue 16). */
export function ActivityLogsScreen() {
  return <PageHeader title="Activity logs" />;
}
