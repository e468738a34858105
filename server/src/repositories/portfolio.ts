/**
 * The public course catalogue (spec 1 §2.1 portfolio page, login configuration use_portfolio_page;
 * spec 2 §2.1 public link {host}/online-courses/{id}): the published trainings a client put on its
 * portfolio (on_portfolio, in portfolio_order). Nothing else of a client is shown to visitors.
 */
import { sql } from 'kysely';
import { CONTENT_STATUS } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';

export interface PortfolioTraining {
  id: number;
  title: string;
  description: string;
  image_url: string | null;
  workload: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function portfolio(db: Db, clientId: number) {
  return db.selectFrom('group_trainings')
    .select(['id', 'title', 'description', 'image_url', 'workload'])
    .where('client_id', '=', clientId).where('status', '=', CONTENT_STATUS.published).where('on_portfolio', '=', true);
}

/** The catalogue, searched by title (the course search of spec 1 §2.1), at most 200 courses. */
export async function portfolioTrainings(db: Db, clientId: number, search: string): Promise<PortfolioTraining[]> {
  let q = portfolio(db, clientId);
  const words = search.trim().toLowerCase();
  if (words) q = q.where(sql`lower(title)`, 'like', sql<string>`${`%${escapeLike(words)}%`} escape '\\'`);
  return q.orderBy('portfolio_order').orderBy('title').orderBy('id').limit(200).execute();
}

/** One training of the client's portfolio (undefined: not public). */
export async function portfolioTraining(db: Db, clientId: number, id: number): Promise<PortfolioTraining | undefined> {
  return portfolio(db, clientId).where('id', '=', id).executeTakeFirst();
}
