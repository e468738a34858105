import { Type, type Static } from '@sinclair/typebox';
import { HOME_BLOCKS } from '../homeLayout.ts';
import { literalUnion } from './common.ts';

/** spec 1 §2.3 admin `home` (superuser only): the selected client's portal home layout. */
export const HOME_LAYOUT_PATH = '/admin_home/layout/';

export const HomeBlockName = literalUnion(HOME_BLOCKS);

/** Every home block once, in the order the portal draws them, each shown or hidden. */
export const HomeLayout = Type.Object({
  blocks: Type.Array(Type.Object({ key: HomeBlockName, visible: Type.Boolean() }, { additionalProperties: false }), { maxItems: HOME_BLOCKS.length }),
}, { additionalProperties: false });
export type HomeLayout = Static<typeof HomeLayout>;
