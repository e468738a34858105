import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { LEARNER_MENU_PATH, type LearnerMenu } from '@lp/shared/contract';
import { learnerMenuEntries } from '@lp/shared/rules';
import { i18n } from '../../test/fixtures.ts';
import { wireHttp } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { SettingsMenuScreen, moveEntry } from './SettingsMenuScreen.tsx';

function renderScreen(serveJson: (path: string, method: string, body?: unknown) => Promise<unknown>) {
  render(
    <MemoryRouter>
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
        <ContractHttpProvider value={wireHttp(serveJson)}>
          <SettingsMenuScreen />
        </ContractHttpProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('learner menu settings (spec 1 §2.3 settings for menu editing, §6.2 settings_menu)', () => {
  it('renames, hides and moves entries, then saves the whole menu in its order', async () => {
    const stored: LearnerMenu = { entries: learnerMenuEntries([]) };
    const serveJson = vi.fn(async (_path: string, method: string, body?: unknown) => (method === 'PUT' ? body : stored));
    renderScreen(serveJson);
    const table = await screen.findByRole('table', { name: 'Menu do portal' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(within(rows()[0]!).getByText('Início')).toBeInTheDocument();

    // one change event: typing re-renders the 18 rows once a letter, slow on a loaded machine
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome exibido de Calendário' }), { target: { value: 'Agenda' } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Trilhas visível' }));
    // the calendar is the 16th entry: up once
    await userEvent.click(screen.getByRole('button', { name: 'Mover Calendário para cima' }));
    expect(within(rows()[14]!).getByText('Calendário')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(serveJson).toHaveBeenCalledWith(LEARNER_MENU_PATH, 'PUT', expect.anything()));
    const sent = (serveJson.mock.calls.find((call) => call[1] === 'PUT')![2] as LearnerMenu).entries;
    expect(sent[14]).toEqual({ key: 'calendar', label: 'Agenda', hidden: false });
    expect(sent[15]!.key).toBe('feed');
    expect(sent.find((e) => e.key === 'trails')).toEqual({ key: 'trails', label: '', hidden: true });
    expect(await screen.findByText('Menu salvo')).toBeInTheDocument();
  });

  it('moves an entry a place, never past either end', () => {
    const entries = learnerMenuEntries([]);
    expect(moveEntry(entries, 1, 'up').slice(0, 2).map((e) => e.key)).toEqual(['courses', 'home']);
    expect(moveEntry(entries, 0, 'up')).toEqual(entries);
    expect(moveEntry(entries, entries.length - 1, 'down')).toEqual(entries);
  });
});
