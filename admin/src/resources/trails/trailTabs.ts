/** The trail editor's tabs, in order; each is a URL segment after the trail id (spec 2 §2.4). */
export const TRAIL_TABS = ['basic-data', 'modules', 'publish', 'comments', 'ratings'] as const;
export type TrailTab = (typeof TRAIL_TABS)[number];

/** Whether the id in the route names a saved trail (spec 2 §2.2: 0, or no id, is a new one). */
export const isSavedTrailId = (id: string | number | undefined): boolean => !!id && id !== 'create' && Number(id) > 0;

/** A new trail has basic data only; the other tabs work on a saved one. */
export const visibleTrailTabs = (saved: boolean): TrailTab[] => (saved ? [...TRAIL_TABS] : ['basic-data']);
