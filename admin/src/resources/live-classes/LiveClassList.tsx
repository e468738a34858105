import { FunctionField, SearchInput, SelectInput, TextField, useLocaleState, useTranslate } from 'react-admin';
import {
  LIVE_CLASS_PATHS, LIVE_CLASS_TYPES, type LiveClassListItem, type LiveClassPlatformOption, type LiveClassReportRequest, type LiveClassType,
} from '@lp/shared/contract';
import { LIVE_CLASS_STATUS, formatDateTime, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import { ReportButton } from '../../common/ReportButton.tsx';
import { ResourceList } from '../../common/ResourceList.tsx';
import { useReferenceList } from '../../common/http/index.ts';
import { LiveClassStatusField } from './LiveClassStatusChip.tsx';
import { useLiveClassAccess } from './useLiveClassAccess.ts';

const F = 'resources.live_classes.fields';

const statusChoices = [
  { id: LIVE_CLASS_STATUS.published, name: 'resources.live_classes.status.published' },
  { id: LIVE_CLASS_STATUS.unpublished, name: 'resources.live_classes.status.unpublished' },
  { id: LIVE_CLASS_STATUS.finished, name: 'resources.live_classes.status.finished' },
];
const typeChoices = LIVE_CLASS_TYPES.map((t) => ({ id: t, name: `resources.live_classes.types.${t}` }));

function DateWithZone(_props: { source: string; label: string }) {
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  return (
    <FunctionField<LiveClassListItem>
      source="live_class_date"
      render={(c) => `${formatDateTime(c.live_class_date, languageId, c.timezone)} (${c.timezone})`}
    />
  );
}

/** Subscribers (open) or invitees (closed) against the seats; no seats assigned shows the count alone. */
function ParticipantsField(_props: { source: string; label: string; sortable?: boolean }) {
  return (
    <FunctionField<LiveClassListItem>
      render={(c) => (c.maximum_participants === null ? String(c.qty_participants) : `${c.qty_participants}/${c.maximum_participants}`)}
    />
  );
}

/**
 * The list's filters as the report body (LiveClassReportRequest: search, status, type — the
 * platform filter is not one of the report's).
 */
export function liveClassesReportBody(filterValues: Record<string, unknown>): LiveClassReportRequest {
  const body: LiveClassReportRequest = {};
  if (typeof filterValues.q === 'string' && filterValues.q.trim()) body.search = filterValues.q.trim();
  const status = Number(filterValues.status);
  if (filterValues.status != null && filterValues.status !== '' && Number.isInteger(status)) body.status = status;
  const type = LIVE_CLASS_TYPES.find((t: LiveClassType) => t === filterValues.live_class_type);
  if (type) body.live_class_type = type;
  return body;
}

/**
 * spec 1 §2.3 /admin/live_classes: search on the title, status, type and platform filters (kept per
 * list), configurable columns, the latest date first (the server's default -live_class_date), row edit
 * and delete, bulk delete; the report button (spec 3 §9: item live_classes, 5-minute cooldown).
 */
export function LiveClassList() {
  const translate = useTranslate();
  const { canManage } = useLiveClassAccess();
  const platforms = useReferenceList<LiveClassPlatformOption>(LIVE_CLASS_PATHS.platformTypes).data ?? [];
  // named in the panel's language (the server names them in the user's saved one)
  const platformLabel = (p: LiveClassPlatformOption) => translate(`live_classes.platforms.${p.slug}`, { _: p.label });
  const platformName = (id: number) => { const found = platforms.find((p) => p.id === id); return found ? platformLabel(found) : String(id); };
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" label={`${F}.status`} choices={statusChoices} alwaysOn />,
    <SelectInput key="live_class_type" source="live_class_type" label={`${F}.live_class_type`} choices={typeChoices} alwaysOn />,
    <SelectInput key="stream_type" source="stream_type" label={`${F}.stream_type`} translateChoice={false}
      choices={platforms.map((p) => ({ id: p.id, name: platformLabel(p) }))} />,
  ];
  return (
    <ResourceList filters={filters} sortField="live_class_date" sortOrder="DESC" omit={['id', 'updated_at']} canCreate={canManage}
      actions={<ReportButton report="live_classes" path={LIVE_CLASS_PATHS.report} toBody={liveClassesReportBody} />}>
      <TextField source="id" label={`${F}.id`} />
      <TextField source="title" label={`${F}.title`} />
      <FunctionField<LiveClassListItem> source="live_class_type" label={`${F}.live_class_type`}
        render={(c) => translate(`resources.live_classes.types.${c.live_class_type}`)} />
      <DateWithZone source="live_class_date" label={`${F}.live_class_date`} />
      <FunctionField<LiveClassListItem> source="stream_type" label={`${F}.stream_type`} render={(c) => platformName(c.stream_type)} />
      <ParticipantsField source="qty_participants" label={`${F}.participants`} sortable={false} />
      <LiveClassStatusField source="status" label={`${F}.status`} />
    </ResourceList>
  );
}

export default LiveClassList;
