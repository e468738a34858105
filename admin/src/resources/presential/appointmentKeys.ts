import { usePermissions } from 'react-admin';
import type { SessionUser } from '@lp/shared/contract';
import { hasPermission } from '@lp/shared/rules';

/** spec 3 §2 "Tabs: Basic data, Events, Reaction evaluations, Subscribers/Registrations, Inputs, Results, Comments", and the costs (§3 "Costs") */
export const APPOINTMENT_TABS = ['basic_data', 'events', 'reaction_evaluations', 'subscribers', 'inputs', 'results', 'comments', 'costs'] as const;
export type AppointmentTab = (typeof APPOINTMENT_TABS)[number];

export interface AppointmentKeys {
  /** presential_full_view: every tab */
  fullView: boolean;
  basicData: boolean;
  events: boolean;
  evaluations: boolean;
  subscribe: boolean;
  /** presential_save_results or a print key: the results tab */
  results: boolean;
  request: boolean;
  models: boolean;
}

/** spec 1 §6.2 the face-to-face keys the appointment screen reads. */
export function appointmentKeys(user: SessionUser | null | undefined): AppointmentKeys {
  const can = (slug: string) => !!user && hasPermission(user, slug);
  return {
    fullView: can('presential_full_view'),
    basicData: can('presential_edit_basic_data'),
    events: can('presential_edit_events'),
    evaluations: can('presential_edit_evaluations'),
    subscribe: can('subscribe_event_users'),
    results: can('presential_save_results') || can('presential_print_users') || can('presential_print_results'),
    request: can('request_events'),
    models: can('manage_models'),
  };
}

export function useAppointmentKeys(): AppointmentKeys {
  const { permissions } = usePermissions<SessionUser | null>();
  return appointmentKeys(permissions);
}

/**
 * spec 1 §6.2 "presential_full_view (all appointment tabs)": with it every tab shows; without it
 * the appointment itself (basic data, events — what an approver judges) and the tabs the user has
 * the key of (reaction evaluations: presential_edit_evaluations; subscribers: subscribe_event_users;
 * inputs and costs: presential_edit_basic_data, the key the server edits them with; results:
 * presential_save_results or a print key; comments: presential_edit_evaluations, the key the
 * server moderates the events' comments with). A tab without its edit key is read-only.
 */
export function visibleAppointmentTabs(keys: AppointmentKeys): AppointmentTab[] {
  const shown: Record<AppointmentTab, boolean> = {
    basic_data: true,
    events: true,
    reaction_evaluations: keys.fullView || keys.evaluations,
    subscribers: keys.fullView || keys.subscribe,
    inputs: keys.fullView || keys.basicData,
    results: keys.fullView || keys.results,
    comments: keys.fullView || keys.evaluations,
    costs: keys.fullView || keys.basicData,
  };
  return APPOINTMENT_TABS.filter((tab) => shown[tab]);
}
