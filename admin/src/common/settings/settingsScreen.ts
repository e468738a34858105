import type { ComponentType } from 'react';

/**
 * A settings screen: one page of the selected client's settings, no records (configuration,
 * legal texts, mailing list, schedule). It is a custom route at `/{name}` (App.tsx `<CustomRoutes>`)
 * with the same permission guard (`guarded(title, …)`) and menu entry as a resource.
 */
export interface SettingsScreen {
  /** the route and menu name: the ADMIN_RESOURCES name (spec 1 §2.3) */
  name: string;
  /** the admin title its permission is checked against (spec 1 §6.1) */
  title: string;
  icon: ComponentType;
  /** the guarded page */
  Screen: ComponentType;
  /** the menu entry it follows (the menu keeps the order of spec 1 §2.3) */
  after: string;
}

/**
 * Resource names with the settings screens put in, each right after the entry it follows (at the
 * end when that entry is not there).
 */
export function menuOrder(resourceNames: readonly string[], screens: readonly SettingsScreen[]): string[] {
  const names = [...resourceNames];
  for (const screen of screens) {
    const at = names.indexOf(screen.after);
    if (at < 0) names.push(screen.name);
    else names.splice(at + 1, 0, screen.name);
  }
  return names;
}
