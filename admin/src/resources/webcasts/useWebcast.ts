import { useGetOne } from 'react-admin';
import { ADMIN_RESOURCES, type Webcast } from '@lp/shared/contract';

export const WEBCASTS = ADMIN_RESOURCES.webcasts.name;

/** GET W/ (spec 2 §7.3): the webcasts resource's record; the editor's tabs read the type and use_chat from it. */
export function useWebcast(id: number | null) {
  return useGetOne<Webcast>(WEBCASTS, { id: id ?? 0 }, { enabled: id !== null, staleTime: 0 });
}
