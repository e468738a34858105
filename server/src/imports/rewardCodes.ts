/**
 * A catalog reward's redeem codes from a spreadsheet (spec 3 §3 "Reward (catalog item): redeem
 * codes importable from xlsx"; issue 18 item 7), into the import's target reward of the selected
 * client: one code a line. Codes are only added — a code the reward already has is skipped and
 * reported on its line (reward_code_already_imported), so importing the same file again adds
 * nothing; a code repeated inside the file is reported on its later lines. Each code is then
 * handed out once (repositories/rewards/orders.ts).
 */
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { RowRefused, firstPerField, readColumns, slices, type ImportKind, type KindContext, type RowError } from './rows.ts';

export interface RewardCodeImportValue { code: string }

const notFound: RowError = { field: null, code: 'reward_not_found' };
const already = (code: string): RowError => ({ field: 'code', code: 'reward_code_already_imported', params: { value: code } });

/** The import's reward when it is the client's. */
async function targetReward(db: Db, ctx: KindContext): Promise<number | null> {
  if (ctx.targetId === null) return null;
  const row = await db.selectFrom('reward_rewards').select('id').where('id', '=', ctx.targetId).where('client_id', '=', ctx.clientId).executeTakeFirst();
  return row?.id ?? null;
}

async function existingCodes(db: Db, rewardId: number, codes: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of slices([...new Set(codes)])) {
    for (const r of await db.selectFrom('reward_redeem_codes').select('code').where('reward_id', '=', rewardId).where('code', 'in', part).execute()) found.add(r.code);
  }
  return found;
}

export const rewardCodesKind: ImportKind<RewardCodeImportValue> = {
  parse(raw, ctx) {
    const { text, errors } = readColumns('reward_codes', raw, ctx.lookups);
    const all = firstPerField(errors);
    return all.length || !text.code ? { value: null, errors: all } : { value: { code: text.code }, errors: [] };
  },

  fileKeys(v) {
    return [{ field: 'code', value: v.code, code: 'value_repeated_in_file' }];
  },

  async resolve(db, values, ctx) {
    const rewardId = await targetReward(db, ctx);
    if (rewardId === null) return values.map(() => ({ existingId: null, errors: [notFound] }));
    const existing = await existingCodes(db, rewardId, values.map((v) => v.code));
    return values.map((v) => ({ existingId: null, errors: existing.has(v.code) ? [already(v.code)] : [] }));
  },

  async apply(trx, rows, ctx) {
    const rewardId = await targetReward(trx, ctx);
    if (rewardId === null) throw new RowRefused(notFound);
    const now = new Date();
    for (const part of slices(rows)) {
      await trx.insertInto('reward_redeem_codes').values(part.map((r) => ({ client_id: ctx.clientId, reward_id: rewardId, code: r.value.code, created_at: now }))).execute();
    }
    return { created: rows.length, updated: 0 };
  },

  conflictOf(error) {
    // another import or the codes form added the code meanwhile: the row is reported as already there
    if (isUniqueViolation(error)) return { field: 'code', code: 'reward_code_already_imported' };
    return error instanceof RowRefused ? error.error : null;
  },
};
