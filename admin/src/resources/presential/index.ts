import { lazy } from 'react';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import EventIcon from '@mui/icons-material/Event';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import QuizIcon from '@mui/icons-material/Quiz';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TodayIcon from '@mui/icons-material/Today';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { guarded } from '../../permissions/PermissionGuard.tsx';
// the declarations only: the index would also bring the screens (lists, editors) into the first load
import { referenceResources } from '../../common/referenceList/referenceResource.ts';
import type { SettingsScreen } from '../../common/settings/index.ts';

const R = ADMIN_RESOURCES;
/** One reference resource under its title slug (the common reference screens, loaded with the first opened). */
const reference = referenceResources(() => import('./ReferenceScreens.tsx'));
/** One read-only store-manager list (spec 1 §6.2 "Catalog and vacancies"), behind its own key. */
const storeView = (title: string, screen: 'StoreCatalogList' | 'StoreSeatsList' | 'StorePlannedList' | 'StoreScheduledList', icon: typeof EventIcon) => ({
  list: guarded(title, lazy(async () => ({ default: (await import('./StoreViews.tsx'))[screen] }))),
  icon,
});

/**
 * spec 1 §2.3 / spec 3 §2 the seven presential/* admin routes: appointment types, categories-modules,
 * products, materials, courses-catalog, planned-vacancies and appointments, each behind its title slug.
 */
export const presentialResources = {
  [R.presential_appointments.name]: {
    list: guarded(R.presential_appointments.title, lazy(() => import('./AppointmentList.tsx'))),
    edit: guarded(R.presential_appointments.title, lazy(() => import('./AppointmentEdit.tsx'))),
    create: guarded(R.presential_appointments.title, lazy(async () => ({ default: (await import('./AppointmentEdit.tsx')).AppointmentCreate }))),
    icon: EventIcon,
    recordRepresentation: 'display_title',
  },
  // spec 1 §6.2 presential_test_templates: tests an event's Tests tab is made from
  [R.presential_test_templates.name]: {
    list: guarded(R.presential_test_templates.title, lazy(() => import('./TestTemplateList.tsx'))),
    edit: guarded(R.presential_test_templates.title, lazy(() => import('./TestTemplateEdit.tsx'))),
    create: guarded(R.presential_test_templates.title, lazy(async () => ({ default: (await import('./TestTemplateEdit.tsx')).TestTemplateCreate }))),
    icon: QuizIcon,
    recordRepresentation: 'title',
  },
  // spec 3 §2 "cancellation requests (approve/reprove)": a list acted on in place (view_cancel_enrollments)
  [R.presential_cancel_enrollments.name]: {
    list: guarded(R.presential_cancel_enrollments.title, lazy(() => import('./CancelEnrollmentList.tsx'))),
    icon: EventBusyIcon,
  },
  [R.presential_store_catalog.name]: storeView(R.presential_store_catalog.title, 'StoreCatalogList', StorefrontIcon),
  [R.presential_store_seats.name]: storeView(R.presential_store_seats.title, 'StoreSeatsList', EventSeatIcon),
  [R.presential_store_planned.name]: storeView(R.presential_store_planned.title, 'StorePlannedList', EventAvailableIcon),
  [R.presential_store_scheduled.name]: storeView(R.presential_store_scheduled.title, 'StoreScheduledList', TodayIcon),
  [R.presential_appointment_types.name]: reference(R.presential_appointment_types.title, 'label'),
  [R.presential_product_categories.name]: reference(R.presential_product_categories.title, 'name'),
  [R.presential_products.name]: reference(R.presential_products.title, 'name'),
  [R.presential_support_materials.name]: reference(R.presential_support_materials.title, 'name'),
  [R.presential_courses.name]: reference(R.presential_courses.title, 'code'),
  [R.presential_planned_vacancies.name]: reference(R.presential_planned_vacancies.title, 'quarter'),
};

/** spec 1 §2.3 presential/calendar (title appointments): one page, no records, right after the appointments in the menu. */
export const presentialCalendar: SettingsScreen = {
  name: R.presential_calendar.name,
  title: R.presential_calendar.title,
  icon: CalendarMonthIcon,
  Screen: guarded(R.presential_calendar.title, lazy(() => import('./PresentialCalendar.tsx'))),
  after: R.presential_appointments.name,
};
