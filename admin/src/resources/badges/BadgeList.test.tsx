import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { BADGE_PATHS, type Badge } from '@lp/shared/contract';
import { BadgeList } from './BadgeList.tsx';
import { validateBadgeForm } from './badgeForm.ts';
import { i18n } from '../../test/fixtures.ts';
import { wireHttp, type WireAnswer } from '../../test/wireFakes.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';

const badge = (over: Partial<Badge>): Badge => ({
  id: 1, badge_type: 'default', default_key: 'first_training', title: 'Primeiro treinamento', description: '', image_url: null, status: 1,
  rule_metric: 'trainings_completed', rule_threshold: 1, awarded_count: 3, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
  ...over,
});
const BADGES = [
  badge({}),
  badge({ id: 7, badge_type: 'custom', default_key: null, title: 'Destaque do mês', rule_metric: null, rule_threshold: null, awarded_count: 1, status: 2 }),
];

function renderList(dataProvider: DataProvider, server: WireAnswer = async () => undefined) {
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
      <ContractHttpProvider value={wireHttp(server)}>
        <ResourceContextProvider value="badges"><BadgeList /></ResourceContextProvider>
      </ContractHttpProvider>
      <Notification />
    </AdminContext>,
  );
}

describe('BadgeList (spec 3 §2 badges)', () => {
  it('shows each badge’s type, rule, holders and status; only custom badges can be deleted', async () => {
    renderList(testDataProvider({ getList: async () => ({ data: BADGES, total: 2 }) as never }));
    const first = (await screen.findByText('Primeiro treinamento')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Padrão')).toBeInTheDocument();
    expect(within(first).getByText('Treinamentos concluídos ≥ 1')).toBeInTheDocument();
    expect(within(first).getByText('3')).toBeInTheDocument();
    expect(within(first).getByText('Ativo')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
    const custom = screen.getByText('Destaque do mês').closest('tr') as HTMLElement;
    expect(within(custom).getByText('Personalizado')).toBeInTheDocument();
    expect(within(custom).getByText('Concedido manualmente')).toBeInTheDocument();
    expect(within(custom).getByText('Inativo')).toBeInTheDocument();
    expect(within(custom).getByRole('button', { name: 'Excluir' })).toBeInTheDocument();
  });

  it('restores the missing default badges and says how many', async () => {
    const serveJson = vi.fn(async (_path: string, _method: string, _body?: unknown) => ({ created: 2 }));
    const getList = vi.fn(async () => ({ data: BADGES, total: 2 }));
    renderList(testDataProvider({ getList } as never), serveJson);
    await screen.findByText('Primeiro treinamento');
    await userEvent.click(screen.getByRole('button', { name: 'Restaurar badges padrão' }));
    expect(serveJson).toHaveBeenCalledWith(BADGE_PATHS.restoreDefaults, 'POST');
    expect(await screen.findByText('2 badges padrão criados')).toBeInTheDocument();
    expect(getList.mock.calls.length).toBeGreaterThan(1);
  });
});

describe('badge form validation (shared rules)', () => {
  it('maps the shared codes to translation keys, and ignores the rule of a default badge', () => {
    expect(validateBadgeForm({ title: '', status: 1 })).toEqual({ title: 'errors.make_sure_that_all_fields_are_filled_in' });
    expect(validateBadgeForm({ title: 'Meta', status: 1, rule_metric: 'certificates', rule_threshold: 0 })).toEqual({ rule_threshold: 'errors.badge_threshold_invalid' });
    expect(validateBadgeForm({ title: 'Meta', status: 1, badge_type: 'default', rule_metric: 'certificates', rule_threshold: 0 })).toEqual({});
  });
});
