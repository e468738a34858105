import { ADMIN_RESOURCES, type GeneralTestResult } from '@lp/shared/contract';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { ResultsTable, type ResultColumn } from '../../common/resultsTable/index.ts';

const F = 'resources.general-tests.results';

const COLUMNS: ReadonlyArray<ResultColumn<GeneralTestResult>> = [
  { label: `${F}.user`, cell: (r) => r.user_name },
  { label: `${F}.attempt`, cell: (r) => r.attempt_number },
  { label: `${F}.status`, cell: (r, translate) => translate(`resources.general-tests.attempt_status.${r.status}`, { _: r.status }) },
  { label: `${F}.correct`, cell: (r) => `${r.correct_count}/${r.total_questions}` },
  { label: `${F}.passed`, cell: (r, translate) => translate(r.passed ? 'ra.boolean.true' : 'ra.boolean.false') },
];

/** Every attempt at the general test: who, when, how many right, passed. */
export function GeneralTestResultsTab({ testId }: { testId: number }) {
  return (
    <ResultsTable<GeneralTestResult> resource={nestedResource(ADMIN_RESOURCES.general_tests.name, testId, 'results')}
      label="resources.general-tests.tabs.results" columns={COLUMNS} emptyText={`${F}.none`} />
  );
}
