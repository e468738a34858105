/**
 * The imports that write into one record (imports.target_id) and where each is read: plain values,
 * so the import worker reaches them through the rules without the contract's schemas
 * (server/src/imports/workerModules.test.ts).
 */
/** The types that write into one appointment: asked for from its screen (presentialResults.ts), not the imports screen. */
export const APPOINTMENT_IMPORT_TYPES = ['presential_results', 'presential_subscriptions'] as const;
export type AppointmentImportType = (typeof APPOINTMENT_IMPORT_TYPES)[number];
export const isAppointmentImportType = (type: string): type is AppointmentImportType => (APPOINTMENT_IMPORT_TYPES as readonly string[]).includes(type);
/** The appointment tab an import of its is run from (the Results tab, the Subscribers tab). */
export const APPOINTMENT_IMPORT_TABS: Record<AppointmentImportType, 'results' | 'subscribers'> = { presential_results: 'results', presential_subscriptions: 'subscribers' };
/**
 * The admin page (under the admin's base) that shows an appointment's import: its tab, with the
 * import named in the query, so the notification at the end of a pass opens it to whoever may
 * run that import (the generic imports screen is the superuser's, spec 1 §6.1).
 */
export const APPOINTMENT_IMPORT_QUERY = 'import';
export const appointmentImportPage = (appointmentId: number, type: AppointmentImportType, importId: number): string =>
  `/presential/appointments/${appointmentId}/${APPOINTMENT_IMPORT_TABS[type]}?${APPOINTMENT_IMPORT_QUERY}=${importId}`;
/**
 * The types that write into one record (imports.target_id), asked for from that record's screen:
 * an appointment's, and a catalog reward's redeem codes (issue 18 item 7 "redeem codes importable
 * from xlsx"). The imports screen offers the others.
 */
export const TARGET_IMPORT_TYPES = [...APPOINTMENT_IMPORT_TYPES, 'reward_codes'] as const;
export const isTargetImportType = (type: string): boolean => (TARGET_IMPORT_TYPES as readonly string[]).includes(type);
/**
 * spec 1 §2.3 headquarter-import: the headquarters import has its own page, opened by the module
 * item headquarter_import; the notification at the end of a pass opens it there (with the import
 * named in the query) for whoever may run it, superusers included.
 */
export const headquarterImportPage = (importId: number): string => `/headquarter-import?${APPOINTMENT_IMPORT_QUERY}=${importId}`;
