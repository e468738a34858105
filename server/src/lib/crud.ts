/**
 * Registers the five routes of an admin resource (list, read, create, update, delete) under
 * its title-slug check (before body validation, so a refusal never leaks the schema), scoped to the selected client. Each resource supplies its queries.
 */
import type { FastifyInstance } from 'fastify';
import type { Static, TObject } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { SelectQueryBuilder } from 'kysely';
import { sql } from 'kysely';
import { IdParams, ListQuery } from '@lp/shared/contract';
import type { Database, Db } from '../db/database.ts';
import { clientOf } from '../plugins/app/auth.ts';
import { notFound } from './httpError.ts';
import { listResponse, parseListQuery, reusableList, runList, sendList, type ListSpec } from './list.ts';
import { titleAccess, type AdminAccess } from './access.ts';

export interface CrudResource<TB extends keyof Database, Row, Out extends Record<string, unknown>, In extends TObject> {
  /** name in Content-Range */
  resource: string;
  /** collection path under /api, ending in '/' */
  path: string;
  /** spec 1 §2.3 title slug checked by spec 1 §6.1 */
  title: string;
  /** a module item that creating, updating and deleting also need (spec 2 §6 `*_manage`) */
  writePermission?: AdminAccess['permission'];
  listSpec: ListSpec;
  /** qualified id column, e.g. 'tags.id' */
  idColumn: string;
  input: In;
  output: TObject;
  /** rows of the selected client only */
  query(db: Db, clientId: number): SelectQueryBuilder<Database, TB, Row>;
  /**
   * `query` depends on the client id alone, as a plain value (no clock, no other state): the
   * list's statements are then compiled once per shape (lib/list.ts reusableList)
   */
  plainQuery?: boolean;
  toApi(db: Db, rows: Row[]): Promise<Out[]>;
  create(db: Db, clientId: number, input: Static<In>): Promise<number>;
  /** false when the row is not the client's */
  update(db: Db, clientId: number, id: number, input: Static<In>): Promise<boolean>;
  remove(db: Db, clientId: number, id: number): Promise<boolean>;
}

export function registerCrud<TB extends keyof Database, Row, Out extends Record<string, unknown>, In extends TObject>(
  parent: FastifyInstance,
  def: CrudResource<TB, Row, Out, In>,
): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const guard = titleAccess(def.title);
  const write: AdminAccess = def.writePermission ? { ...guard, permission: def.writePermission } : guard;
  const item = `${def.path}:id/`;

  async function readOne(db: Db, clientId: number, id: number): Promise<Out> {
    const rows = await def.query(db, clientId).where(sql<boolean>`${sql.ref(def.idColumn)} = ${id}`).execute();
    const [out] = await def.toApi(db, rows as Row[]);
    if (!out) throw notFound();
    return out;
  }

  const plainList = def.plainQuery ? reusableList((db: Db, clientId: number) => def.query(db, clientId), def.listSpec) : null;
  app.get(def.path, { config: { access: guard }, schema: { querystring: ListQuery, response: listResponse(def.output) } }, async (request, reply) => {
    const list = parseListQuery(request.query, def.listSpec);
    const { rows, total } = plainList
      ? await plainList(app.db, clientOf(request), list)
      : await runList(def.query(app.db, clientOf(request)), list, def.listSpec);
    return sendList(reply, def.resource, list, await def.toApi(app.db, rows), total);
  });

  app.get(item, { config: { access: guard }, schema: { params: IdParams, response: { 200: def.output } } }, async (request) => {
    return readOne(app.db, clientOf(request), request.params.id);
  });

  app.post(def.path, { config: { access: write }, schema: { body: def.input, response: { 201: def.output } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute((trx) => def.create(trx, clientId, request.body as Static<In>));
    return reply.status(201).send(await readOne(app.db, clientId, id));
  });

  app.put(item, { config: { access: write }, schema: { params: IdParams, body: def.input, response: { 200: def.output } } }, async (request) => {
    const clientId = clientOf(request);
    const ok = await app.db.transaction().execute((trx) => def.update(trx, clientId, request.params.id, request.body as Static<In>));
    if (!ok) throw notFound();
    return readOne(app.db, clientId, request.params.id);
  });

  // answers the deleted record: react-admin's delete expects it back
  app.delete(item, { config: { access: write }, schema: { params: IdParams, response: { 200: def.output } } }, async (request) => {
    const clientId = clientOf(request);
    const before = await readOne(app.db, clientId, request.params.id);
    if (!(await def.remove(app.db, clientId, request.params.id))) throw notFound();
    return before;
  });
}
