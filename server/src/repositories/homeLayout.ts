import { normaliseHomeLayout, type HomeBlockSetting } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { mergeClientSettings, storedClientSettings } from './clients.ts';

/**
 * spec 1 §2.3 admin `home`: the client's portal home layout, kept in its settings JSON
 * (`home_layout`) beside the other per-client settings; every block once, in order.
 */
export async function homeLayout(db: Db, clientId: number): Promise<HomeBlockSetting[]> {
  return normaliseHomeLayout((await storedClientSettings(db, clientId))?.home_layout);
}

export async function saveHomeLayout(db: Db, clientId: number, blocks: readonly HomeBlockSetting[]): Promise<HomeBlockSetting[]> {
  const layout = normaliseHomeLayout(blocks);
  await mergeClientSettings(db, clientId, { home_layout: layout }, undefined);
  return layout;
}
