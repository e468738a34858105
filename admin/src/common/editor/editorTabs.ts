import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';

/**
 * The tab a path segment names when it is one of the visible tabs, else the first visible tab
 * (the default tab, whose path is the record's own).
 */
export function tabFromSegment<T extends string>(segment: string | undefined, visible: readonly T[]): T {
  const named = visible.find((tab) => tab === segment);
  return named ?? visible[0]!;
}

/** `/{resource}/{id}` for the default (first) tab, `/{resource}/{id}/{tab}` for the others. */
export function tabPath<T extends string>(base: string, tab: T, visible: readonly T[]): string {
  return tab === visible[0] ? base : `${base}/${tab}`;
}

export interface EditorTabOptions {
  /**
   * When the visible tab set changes (flags or the saved record came in): 'reset' goes back to
   * the default tab; 'keep-named' stays on the tab the path names when it is still visible.
   */
  onTabSetChange?: 'reset' | 'keep-named';
  /**
   * false while what decides the tab set is still coming (the session's client flags): the set
   * seen meanwhile is not the screen's, so its change to the real one is no change of tabs and a
   * deep link (`/trainings/7/games`) keeps its tab.
   */
  ready?: boolean;
}

/**
 * The one reading of an editor's tab from the URL: the route is `/{resource}/{id}/*` and the
 * first segment after the id names the tab.
 */
export function useEditorTab<T extends string>(base: string, visible: readonly T[], options: EditorTabOptions = {}) {
  const params = useParams();
  const navigate = useNavigate();
  const segment = params['*']?.split('/')[0];
  const current = tabFromSegment(segment, visible);
  const mode = options.onTabSetChange ?? 'reset';
  const ready = options.ready ?? true;

  const tabSet = visible.join(',');
  const previous = useRef({ tabSet, ready });
  useEffect(() => {
    const before = previous.current;
    previous.current = { tabSet, ready };
    // a set seen before the screen was ready was not the screen's: its change moves nowhere
    if (before.tabSet === tabSet || !before.ready || !ready) return;
    if (mode === 'keep-named' && segment && visible.includes(segment as T)) return;
    navigate(base, { replace: true });
  }, [tabSet, base, navigate, segment, visible, mode, ready]);

  return { current, select: (tab: T) => navigate(tabPath(base, tab, visible)) };
}
