import type { ReactNode } from 'react';
import { Box, Card, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';

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
  /** the current tab's content: a form, or a nested list */
  children: ReactNode;
}

/**
 * The one shell of a tabbed editor: the title, the tabs (each with its own URL path, see
 * useEditorTab) and the current tab's content below them.
 */
export function TabbedEditor<T extends string>({ tabs, current, onSelect, labels, title, scrollable, children }: TabbedEditorProps<T>) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 1 }}>
      {title}
      {/* inline-size containment: the tab strip scrolls inside the screen's width instead of widening the page on a phone */}
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
      {children}
    </Box>
  );
}
