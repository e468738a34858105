import { useParams } from 'react-router-dom';
import { Create, Edit, Loading, Title, useGetOne, useTranslate } from 'react-admin';
import type { Appointment } from '@lp/shared/contract';
import { TabbedEditor, lazyTab, useEditorTab } from '../../common/editor/index.ts';
import { useAppointmentKeys, visibleAppointmentTabs, type AppointmentTab } from './appointmentKeys.ts';
import { AppointmentWorkflow } from './AppointmentWorkflow.tsx';
import { BasicDataForm, toAppointmentInput } from './BasicDataTab.tsx';
import { TemplatePicker } from './TemplatePicker.tsx';
import { K, NAME } from './presentialUi.ts';

const NEW_TABS = ['basic_data'] as const;

// the tabs after basic data come with their first opening (the editor's chunk is the form only)
const EventsTab = lazyTab(() => import('./EventsTab.tsx'), 'EventsTab');
const ReactionEvaluationsTab = lazyTab(() => import('./ReactionEvaluationsTab.tsx'), 'ReactionEvaluationsTab');
const SubscribersTab = lazyTab(() => import('./SubscribersTab.tsx'), 'SubscribersTab');
const InputsTab = lazyTab(() => import('./InputsTab.tsx'), 'InputsTab');
const ResultsTab = lazyTab(() => import('./ResultsTab.tsx'), 'ResultsTab');
const CommentsTab = lazyTab(() => import('./CommentsTab.tsx'), 'CommentsTab');
const CostsTab = lazyTab(() => import('./CostsTab.tsx'), 'CostsTab');

/**
 * spec 3 §2 the appointment screen at /presential/appointments/{id}/{tab} (0 = new: basic data
 * only, or a copy of a template): the status with the workflow, copy buttons and history above the
 * tabs; each tab read-only without its edit key, and the tabs shown by presential_full_view
 * (appointmentKeys.ts).
 */
export function AppointmentEdit() {
  const translate = useTranslate();
  const params = useParams();
  const id = params.id && params.id !== '0' && params.id !== 'create' ? Number(params.id) : null;
  const keys = useAppointmentKeys();
  const visible: readonly AppointmentTab[] = id ? visibleAppointmentTabs(keys) : NEW_TABS;
  const { current, select } = useEditorTab<AppointmentTab>(`/${NAME}/${id ?? 0}`, visible, { onTabSetChange: 'keep-named' });
  const { data: appointment, isPending } = useGetOne<Appointment>(NAME, { id: id ?? 0 }, { enabled: id !== null });
  if (id && isPending) return <Loading />;
  const title = <Title title={`${translate(`${K}.name`, { smart_count: 1 })}: ${appointment?.display_title ?? translate(`${K}.new`)}`} />;
  return (
    <TabbedEditor tabs={visible} current={current} onSelect={select} labels={`${K}.tabs`} title={title} scrollable>
      {appointment && <AppointmentWorkflow appointment={appointment} keys={keys} />}
      {!id && keys.request && <TemplatePicker />}
      {current === 'basic_data' && (id
        ? <Edit id={id} resource={NAME} mutationMode="pessimistic" redirect={false} transform={toAppointmentInput} actions={false} title={false}><BasicDataForm readOnly={!keys.basicData} /></Edit>
        : <Create resource={NAME} redirect="edit" transform={toAppointmentInput} title={false}><BasicDataForm readOnly={!keys.request} /></Create>)}
      {current === 'events' && id && <EventsTab appointmentId={id} canEdit={keys.events} />}
      {current === 'reaction_evaluations' && id && <ReactionEvaluationsTab appointmentId={id} canEdit={keys.evaluations} />}
      {current === 'subscribers' && id && <SubscribersTab appointmentId={id} canSubscribe={keys.subscribe} />}
      {current === 'inputs' && id && <InputsTab appointmentId={id} canEdit={keys.basicData} />}
      {current === 'results' && id && <ResultsTab appointmentId={id} />}
      {current === 'comments' && id && <CommentsTab appointmentId={id} canModerate={keys.evaluations} />}
      {current === 'costs' && id && <CostsTab appointmentId={id} />}
    </TabbedEditor>
  );
}

export function AppointmentCreate() {
  return <AppointmentEdit />;
}

export default AppointmentEdit;
