import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { canOpenAdminTitle, type AccessSubject } from '@lp/shared/rules';

/** resource name → spec 1 §2.3 title slug */
export const TITLE_BY_RESOURCE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(ADMIN_RESOURCES).map((def) => [def.name, def.title]),
);

/** The resources of the menu the user may open (spec 1 §6.1); unknown resources are hidden. */
export function visibleResources(names: readonly string[], user: AccessSubject | null | undefined): string[] {
  if (!user) return [];
  return names.filter((name) => {
    const title = TITLE_BY_RESOURCE[name];
    return title !== undefined && canOpenAdminTitle(user, title) === 'allow';
  });
}
