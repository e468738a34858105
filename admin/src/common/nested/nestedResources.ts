import type { Identifier, RaRecord } from 'react-admin';
import {
  ADMIN_RESOURCES, BADGE_PATHS, GAME_PATHS, GROUP_TRAINING_TESTS, MATERIAL_PATHS, MODULE_PATHS, TRAINING_EVALUATION_PATHS, WEBCAST_EVALUATION_PATHS, WEBCAST_MATERIAL_PATHS,
  WEBCAST_PATHS, WEBCAST_TESTS, type BadgeAward,
} from '@lp/shared/contract';

/**
 * A nested list of an editor's tab as a react-admin resource named `{parent}/{parentId}/{child}`
 * (e.g. `badges/3/awards`): the data provider maps it to the contract's collection path of that
 * parent (docs/api.md), so tabs use useGetList / useDelete like any list.
 */
export interface NestedResource {
  /** the contract collection path of one parent */
  path(parentId: string): string;
  /**
   * how the server answers the list: 'array' (the whole list as a JSON array), 'all-pages'
   * (`?page_size=0` → `{results}`, spec 2 §9: rows per page 0 = all) or 'pages' (one server page:
   * `?page=&page_size=` → `{count, results}`) or 'rest' (react-admin's REST list, `?sort=&range=&filter=`
   * with the total in Content-Range, as the tests tab has always asked)
   */
  list: 'array' | 'all-pages' | 'pages' | 'rest';
  /** the row's id when the contract names it otherwise (react-admin needs `id`) */
  idOf?(row: Record<string, unknown>): Identifier;
}

/** `{parent resource}/{child}` → its nested resource. */
export const NESTED_RESOURCES: Readonly<Record<string, NestedResource>> = {
  // spec 3 §2 badge awards: the holders of a badge; a manual award is taken back by its user id
  [`${ADMIN_RESOURCES.badges.name}/awards`]: {
    path: BADGE_PATHS.awards,
    list: 'array',
    idOf: (row) => (row as unknown as BadgeAward).user.id,
  },
  // spec 2 §2.5 subscribers tab: the guests of a webcast, a server page at a time
  [`${ADMIN_RESOURCES.webcasts.name}/guests`]: { path: WEBCAST_PATHS.guests, list: 'pages' },
  // spec 2 §7.1 / §7.3 support materials of a training or webcast (spec 2 §9: rows per page 0 = all)
  [`${ADMIN_RESOURCES.trainings.name}/materials`]: { path: MATERIAL_PATHS.collection, list: 'all-pages' },
  [`${ADMIN_RESOURCES.webcasts.name}/materials`]: { path: WEBCAST_MATERIAL_PATHS.collection, list: 'all-pages' },
  // spec 2 §7.1 / §7.3 reaction evaluations of a training or webcast
  [`${ADMIN_RESOURCES.trainings.name}/evaluations`]: { path: TRAINING_EVALUATION_PATHS.collection, list: 'all-pages' },
  [`${ADMIN_RESOURCES.webcasts.name}/evaluations`]: { path: WEBCAST_EVALUATION_PATHS.collection, list: 'all-pages' },
  // spec 2 §2.3 modules tab of a training
  [`${ADMIN_RESOURCES.trainings.name}/modules`]: { path: MODULE_PATHS.collection, list: 'all-pages' },
  // spec 2 §2.3 games tab (a table of every game, no paging) and the game editor's record (spec 3 §2)
  [`${ADMIN_RESOURCES.trainings.name}/games`]: { path: GAME_PATHS.collection, list: 'all-pages' },
  // spec 2 §2.3 tests tab of a training or webcast: a server-paged table
  [`${ADMIN_RESOURCES.trainings.name}/tests`]: { path: GROUP_TRAINING_TESTS.tests, list: 'rest' },
  [`${ADMIN_RESOURCES.webcasts.name}/tests`]: { path: WEBCAST_TESTS.tests, list: 'rest' },
};

/** The resource name of a parent's nested list: `nestedResource('badges', 3, 'awards')` → `badges/3/awards`. */
export const nestedResource = (parent: string, parentId: Identifier, child: string): string => `${parent}/${parentId}/${child}`;

/** The nested resource and parent id a resource name stands for, or null for a top-level resource. */
export function resolveNested(resource: string): { def: NestedResource; parentId: string } | null {
  const match = /^([^/]+)\/([^/]+)\/([^/]+)$/.exec(resource);
  if (!match) return null;
  const def = NESTED_RESOURCES[`${match[1]}/${match[3]}`];
  return def ? { def, parentId: match[2]! } : null;
}

/** A nested list's rows with react-admin's `id`. */
export function withIds<R extends RaRecord>(def: NestedResource, rows: Record<string, unknown>[]): R[] {
  return rows.map((row) => (def.idOf ? { ...row, id: def.idOf(row) } : row) as R);
}
