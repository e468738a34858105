import { useState, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { i18n } from '../../test/fixtures.ts';
import { TabbedEditor, lazyTab } from './TabbedEditor.tsx';
import { tabFromSegment, tabPath, useEditorTab } from './editorTabs.ts';

describe('editor tabs from the URL', () => {
  it('a path segment names a visible tab, anything else is the first tab', () => {
    const visible = ['data', 'modules'] as const;
    expect(tabFromSegment('modules', visible)).toBe('modules');
    expect(tabFromSegment('comments', visible)).toBe('data');
    expect(tabFromSegment(undefined, visible)).toBe('data');
    expect(tabPath('/things/7', 'data', visible)).toBe('/things/7');
    expect(tabPath('/things/7', 'modules', visible)).toBe('/things/7/modules');
  });

  function Editor() {
    const { current, select } = useEditorTab('/things/7', ['data', 'modules'] as const);
    const location = useLocation();
    return (
      <TabbedEditor tabs={['data', 'modules'] as const} current={current} onSelect={select} labels="things.tabs">
        <p>{`${current} at ${location.pathname}`}</p>
      </TabbedEditor>
    );
  }

  it('the shell shows the tab the path names and a click goes to its path', async () => {
    render(
      <MemoryRouter initialEntries={['/things/7/modules']}>
        <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
          <Routes><Route path="/things/:id/*" element={<Editor />} /></Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByText('modules at /things/7/modules')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('tab')[0]!);
    expect(await screen.findByText('data at /things/7')).toBeInTheDocument();
  });

  it('a tab made with lazyTab shows once its code has come', async () => {
    let release!: (module: { ModulesTab: (props: { count: number }) => ReactElement }) => void;
    const ModulesTab = lazyTab(() => new Promise<{ ModulesTab: (props: { count: number }) => ReactElement }>((resolve) => { release = resolve; }), 'ModulesTab');
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
        <TabbedEditor tabs={['data', 'modules'] as const} current="modules" onSelect={() => undefined} labels="things.tabs">
          <ModulesTab count={3} />
        </TabbedEditor>
      </AdminContext>,
    );
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(screen.queryByText('3 modules')).not.toBeInTheDocument();
    release({ ModulesTab: ({ count }) => <p>{`${count} modules`}</p> });
    expect(await screen.findByText('3 modules')).toBeInTheDocument();
  });

  function LateFlags() {
    // the tab set grows when the client's flags come in (the session answered after the first render)
    const [flagsIn, setFlagsIn] = useState(false);
    const visible = flagsIn ? (['data', 'games', 'modules'] as const) : (['data', 'modules'] as const);
    const { current } = useEditorTab<'data' | 'games' | 'modules'>('/things/7', visible, { ready: flagsIn });
    const location = useLocation();
    return (
      <>
        <button type="button" onClick={() => setFlagsIn(true)}>flags</button>
        <p>{`${current} at ${location.pathname}`}</p>
      </>
    );
  }

  it('a deep link keeps its tab when the tab set comes in after the first render', async () => {
    render(
      <MemoryRouter initialEntries={['/things/7/games']}>
        <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
          <Routes><Route path="/things/:id/*" element={<LateFlags />} /></Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(await screen.findByText('data at /things/7/games')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'flags' }));
    expect(await screen.findByText('games at /things/7/games')).toBeInTheDocument();
  });
});
