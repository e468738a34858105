import { ADMIN_RESOURCES, type DrillResult } from '@lp/shared/contract';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { ResultsTable, type ResultColumn } from '../../common/resultsTable/index.ts';

const F = 'resources.drills.results';
type Row = DrillResult & { id: number };

const COLUMNS: ReadonlyArray<ResultColumn<Row>> = [
  { label: `${F}.user`, cell: (r) => r.user_name },
  { label: `${F}.days`, cell: (r) => r.days_answered },
  { label: `${F}.answered`, cell: (r) => r.answered },
  { label: `${F}.correct`, cell: (r) => r.correct },
  { label: `${F}.approved`, cell: (r, translate) => translate(r.approved ? 'ra.boolean.true' : 'ra.boolean.false') },
];

/** spec 3 §2 "Drill … with results": per learner, the days finished, the answers, the correct ones, approved or not. */
export function DrillResultsTab({ drillId }: { drillId: number }) {
  return (
    <ResultsTable<Row> resource={nestedResource(ADMIN_RESOURCES.drills.name, drillId, 'results')} label="resources.drills.tabs.results"
      columns={COLUMNS} emptyText={`${F}.none`} />
  );
}
