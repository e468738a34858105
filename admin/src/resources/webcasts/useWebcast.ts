import { ADMIN_RESOURCES, type Webcast } from '@lp/shared/contract';
import { useDetailRecord } from '../../common/editor/index.ts';

export const WEBCASTS = ADMIN_RESOURCES.webcasts.name;

/**
 * GET W/ (spec 2 §7.3): the webcasts resource's record; the editor's tabs read the type and
 * use_chat from it. A row of the webcasts list (tag objects, no images nor public_url) is not it.
 */
export function useWebcast(id: number | null) {
  return useDetailRecord<Webcast>(WEBCASTS, id, (record) => Array.isArray(record.webcast_images) && typeof record.public_url === 'string');
}
