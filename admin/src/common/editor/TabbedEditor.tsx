import { Suspense, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Box, Card, Tab, Tabs } from '@mui/material';
import { Loading, useTranslate } from 'react-admin';

/**
 * A tab of an editor loaded when it is first opened (React.lazy): the editor's own chunk then
 * holds only its first tab, so the form shows sooner; TabbedEditor waits for the tab's code.
 * `load` answers the module and `name` the export it holds the tab under.
 */
export function lazyTab<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<TabComponent<M[K]>> {
  return lazy(async () => ({ default: (await load())[name] as TabComponent<M[K]> }));
}

/** A module's export as the component it is (never when it is not one: the call does not type-check). */
type TabComponent<C> = C extends ComponentType<infer P> ? ComponentType<P> : never;

export interface TabbedEditorProps<T extends string> {
  /** the visible tabs, in order; the first is the default */
  tabs: readonly T[];
  current: T;
  onSelect: (tab: T) => void;
  /** translation prefix of the labels: `{labels}.{tab}` and `{labels}.label` (the tab list's name) */
  labels: string;
  /** the page title (react-admin `<Title>`) */
  title?: ReactNode;
  /** many tabs scroll rather than wrap */
  scrollable?: boolean;
  /** the record's actions beside the tabs (e.g. "View as a student") */
  actions?: ReactNode;
  /** the current tab's content: a form, or a nested list */
  children: ReactNode;
}

/**
 * The one shell of a tabbed editor: the title, the tabs (each with its own URL path, see
 * useEditorTab) and the current tab's content below them (a tab's code may come later: lazyTab).
 */
export function TabbedEditor<T extends string>({ tabs, current, onSelect, labels, title, scrollable, actions, children }: TabbedEditorProps<T>) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 1 }}>
      {title}
      {actions && <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mb: 1 }}>{actions}</Box>}
      {/* contain: the scrollable tab bar must not widen the page to all its tabs (react-admin's layout is fit-content): on a phone it scrolls */}
      <Card sx={{ mb: 2, contain: 'inline-size' }}>
        <Tabs
          value={current}
          onChange={(_event, tab: T) => onSelect(tab)}
          {...(scrollable ? { variant: 'scrollable' as const, scrollButtons: 'auto' as const } : {})}
          aria-label={translate(`${labels}.label`)}
        >
          {tabs.map((tab) => <Tab key={tab} value={tab} label={translate(`${labels}.${tab}`)} />)}
        </Tabs>
      </Card>
      {/* a tab made with lazyTab shows the spinner while its code comes */}
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </Box>
  );
}
