import type { LiveClassType } from '@lp/shared/contract';

/** The live class editor's tabs (spec 3 §2 "Live classes" admin editor), each a URL segment after the id. */
export const LIVE_CLASS_TABS = ['basic_data', 'invitees', 'subscribers', 'tests', 'reaction_tests', 'comments'] as const;
export type LiveClassTab = (typeof LIVE_CLASS_TABS)[number];

/** Whether the route's id names a saved class (0, or the create route, is a new one). */
export const isSavedLiveClassId = (id: string | undefined): boolean => !!id && id !== 'create' && Number(id) > 0;

/**
 * spec 3 §2: basic data always; for a saved class, invitees (closed) or subscribers (open), the
 * tests, the reaction tests and the comments (origin live_class).
 */
export function visibleLiveClassTabs(saved: boolean, type: LiveClassType | undefined): LiveClassTab[] {
  if (!saved || !type) return ['basic_data'];
  return LIVE_CLASS_TABS.filter((tab) => (tab === 'invitees' ? type === 'closed' : tab === 'subscribers' ? type === 'open' : true));
}
