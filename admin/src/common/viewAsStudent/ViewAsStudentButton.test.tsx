import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider, usePermissions, type DataProvider } from 'react-admin';
import { VIEW_EDITOR_PATH, type PreviewGrant } from '@lp/shared/contract';
import { apiClient } from '../../apiClient.ts';
import { ViewAsStudentButton } from './ViewAsStudentButton.tsx';
import { ContractHttpProvider } from '../http/index.ts';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminWith } from '../../test/userFixtures.ts';

vi.mock('../../apiClient.ts', () => ({ apiClient: { request: vi.fn(), json: vi.fn() } }));
const peopleSearch = vi.mocked(apiClient.json);

const lookups: Record<string, { id: number; name: string }[]> = {
  lookup_areas: [{ id: 1, name: 'Vendas' }, { id: 2, name: 'Operações' }],
  lookup_profiles: [{ id: 3, name: 'Gerente' }],
  lookup_user_groups: [{ id: 5, name: 'Novatos' }],
};
const dataProvider: DataProvider = testDataProvider({
  getList: async (resource) => ({ data: lookups[resource] ?? [], total: lookups[resource]?.length ?? 0 }) as never,
});

const answer = (visible: boolean, name = 'Lia Learner'): PreviewGrant => ({
  grant: 'g.s', expires_at: '2026-11-28T04:00:00.000Z', learner: { id: 9, full_name: name }, visible,
  portal_path: `/preview/training/7?grant=g.s&as=${encodeURIComponent(name)}`,
});

/** Says when the session's permissions have arrived, so "not offered" is asserted after they did. */
function PermissionsReady() {
  const { isPending } = usePermissions();
  return isPending ? null : <p>permissions ready</p>;
}

function renderButton(slugs: string[], serve: (body: unknown) => unknown) {
  const { http, calls } = fakeHttp({ [`POST ${VIEW_EDITOR_PATH}`]: serve });
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(adminWith(slugs))}>
      <ContractHttpProvider value={http}>
        <ViewAsStudentButton kind="training" contentId={7} />
        <PermissionsReady />
      </ContractHttpProvider>
    </AdminContext>,
  );
  return calls;
}

/** spec 1 §2.3 "view editor as a student", module item view_editor. */
describe('ViewAsStudentButton', () => {
  it('is not offered without view_editor', async () => {
    renderButton(['trainings'], () => answer(true));
    // the permissions arrive: still nothing
    expect(await screen.findByText('permissions ready')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver como aluno' })).toBeNull();
  });

  it('asks for a learner found by the people search, then offers the portal page of the grant', async () => {
    peopleSearch.mockResolvedValue([{ id: 9, full_name: 'Lia Learner', email: 'lia@demo.local' }]);
    const serve = vi.fn(() => answer(true));
    const calls = renderButton(['trainings', 'view_editor'], serve);
    await userEvent.click(await screen.findByRole('button', { name: 'Ver como aluno' }));
    const dialog = await screen.findByRole('dialog');
    const prepare = within(dialog).getByRole('button', { name: 'Preparar pré-visualização' });
    expect(prepare).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Aluno' }), 'Lia');
    await userEvent.click(await screen.findByRole('option', { name: /Lia Learner/ }));
    await userEvent.click(prepare);
    await waitFor(() => expect(serve).toHaveBeenCalledOnce());
    expect(calls[0]!.body).toEqual({ kind: 'training', content_id: 7, user_id: 9 });
    expect(await within(dialog).findByText('Pronto: o portal mostrará o conteúdo como Lia Learner o vê.')).toBeInTheDocument();
    const open = within(dialog).getByRole('link', { name: 'Abrir no portal' });
    expect(open).toHaveAttribute('href', '/preview/training/7?grant=g.s&as=Lia%20Learner');
    expect(open).toHaveAttribute('target', '_blank');
  });

  it('previews an area and profile, and warns when that learner would not see the content', async () => {
    const serve = vi.fn(() => answer(false, 'Bruno Braga'));
    const calls = renderButton(['view_editor'], serve);
    await userEvent.click(await screen.findByRole('button', { name: 'Ver como aluno' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Área, perfil e grupo' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Área' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Operações' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Perfil' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Gerente' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preparar pré-visualização' }));
    await waitFor(() => expect(serve).toHaveBeenCalledOnce());
    expect(calls[0]!.body).toEqual({ kind: 'training', content_id: 7, area_id: 2, profile_id: 3, user_group_id: null });
    expect(await within(dialog).findByText(/Bruno Braga não vê este conteúdo/)).toBeInTheDocument();
  });

  it('shows the server\'s refusal in words', async () => {
    renderButton(['view_editor'], () => {
      throw Object.assign(new Error('errors.preview_nobody'), { status: 404 });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Ver como aluno' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Área, perfil e grupo' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Grupo de usuários' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Novatos' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preparar pré-visualização' }));
    expect(await within(dialog).findByText('Nenhuma pessoa deste cliente corresponde ao aluno, área, perfil e grupo escolhidos.')).toBeInTheDocument();
  });
});
