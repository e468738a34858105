import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, testDataProvider, type DataProvider } from 'react-admin';
import { AUDIENCE_PREVIEW_PATH, type AudiencePreviewAnswer, type AudiencePreviewQuery } from '@lp/shared/contract';
import { validateAudience } from '@lp/shared/rules';
import { AudienceInputs } from './AudienceInputs.tsx';
import { ContractHttpProvider } from '../http/index.ts';
import { translatedErrors } from '../editor/ruleErrors.ts';
import { createI18nProvider } from '../../i18nProvider.ts';
import { i18n } from '../../test/fixtures.ts';
import { wireHttp } from '../../test/wireFakes.ts';

const lookups: Record<string, { id: number; name: string }[]> = {
  lookup_areas: [{ id: 1, name: 'Vendas' }, { id: 2, name: 'Operações' }],
  lookup_profiles: [{ id: 1, name: 'Gerente' }, { id: 2, name: 'Vendedor' }],
  lookup_user_groups: [{ id: 5, name: 'Novatos' }],
};
const dataProvider: DataProvider = testDataProvider({
  getList: async (resource) => ({ data: lookups[resource] ?? [], total: lookups[resource]?.length ?? 0 }) as never,
});

const PEOPLE = ['Ana Alves', 'Bruno Braga', 'Carla Cruz', 'Davi Dias', 'Eva Era', 'Lia Learner', 'Fábio Faria'];

/** A server that reaches one person per chosen id of each kind (groups reach two), names first. */
function previewServer() {
  return vi.fn(async (path: string, method: string, body?: unknown): Promise<AudiencePreviewAnswer> => {
    expect([path, method]).toEqual([AUDIENCE_PREVIEW_PATH, 'POST']);
    const q = body as Required<AudiencePreviewQuery>;
    const count = q.areas.length && q.profiles.length ? q.areas.length + q.profiles.length + 2 * q.user_groups.length : 2 * q.user_groups.length;
    return { count, sample: PEOPLE.slice(0, Math.min(count, 5)).map((full_name, i) => ({ id: i + 1, full_name })) };
  });
}

function renderAudience(record: Record<string, unknown>, serve: ReturnType<typeof previewServer>) {
  const validate = (values: Record<string, unknown>) => translatedErrors(validateAudience(values as never, false));
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
      <ContractHttpProvider value={wireHttp(serve)}>
        <Form record={{ id: 1, ...record }} validate={validate}>
          <AudienceInputs />
          <button type="submit">Salvar</button>
        </Form>
      </ContractHttpProvider>
    </AdminContext>,
  );
}

const preview = () => screen.getByRole('status', { name: 'Alcance do público' });

describe('AudiencePreview (whom an audience reaches, counted by the server)', () => {
  it('shows the count and a sample, and follows the audience as it changes', async () => {
    const serve = previewServer();
    renderAudience({ areas: [], profiles: [], user_groups: [5] }, serve);
    await waitFor(() => expect(preview()).toHaveTextContent('Alcança 2 pessoas'));
    expect(preview()).toHaveTextContent('Entre elas: Ana Alves, Bruno Braga');
    expect(serve).toHaveBeenCalledTimes(1);
    expect(serve).toHaveBeenLastCalledWith(AUDIENCE_PREVIEW_PATH, 'POST', { areas: [], profiles: [], user_groups: [5] });

    // every area and every profile, ticked one after the other: one more call, with both
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Selecionar todas as áreas' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Todos os perfis' }));
    await waitFor(() => expect(preview()).toHaveTextContent('Alcança 6 pessoas'));
    expect(preview()).toHaveTextContent('Entre elas: Ana Alves, Bruno Braga, Carla Cruz, Davi Dias, Eva Era e mais 1');
    // one call per pause of the typing, not one per change (two clicks may still fall either side of a pause)
    expect(serve.mock.calls.length).toBeLessThanOrEqual(3);
    expect(serve).toHaveBeenLastCalledWith(AUDIENCE_PREVIEW_PATH, 'POST', { areas: [1, 2], profiles: [1, 2], user_groups: [5] });
    // the rule for people without an area or a profile is said where the choice is made
    expect(preview()).toHaveTextContent('Quem não tem área só é alcançado quando todas as áreas são escolhidas');
  });

  it('says when the audience reaches nobody, and when nothing is chosen, without asking', async () => {
    const serve = previewServer();
    renderAudience({ areas: [1], profiles: [] }, serve);
    await waitFor(() => expect(preview()).toHaveTextContent('Não alcança ninguém'));
    const asked = serve.mock.calls.length;
    // untick the one area: nothing is chosen
    const all = screen.getByRole('checkbox', { name: 'Selecionar todas as áreas' });
    await userEvent.click(all);
    await userEvent.click(all);
    await waitFor(() => expect(preview()).toHaveTextContent('Escolha grupos de usuários, ou áreas e perfis, para ver quem será alcançado.'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    // the last call, if any came between the clicks, was for the areas ticked, never for the empty audience
    for (const call of serve.mock.calls.slice(asked)) expect((call[2] as AudiencePreviewQuery).areas).toEqual([1, 2]);
    expect(preview()).toHaveTextContent('Escolha grupos de usuários');
  });

  it('never marks the optional user groups required, even when nothing is chosen', async () => {
    renderAudience({ areas: [], profiles: [], user_groups: [] }, previewServer());
    const groups = await screen.findByRole('combobox', { name: 'Grupos de usuários' });
    const field = groups.closest('.MuiFormControl-root') as HTMLElement;
    expect(within(field).queryByText('*', { exact: false })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(field).toHaveTextContent('Escolha grupos de usuários, ou áreas e perfis.'));
    expect(field).not.toHaveTextContent('Obrigatório');
  });

  it.each([
    ['pt-br', 'Alcança 1 pessoa', 'Alcança 3 pessoas'],
    ['en', 'Reaches 1 person', 'Reaches 3 people'],
    ['es', 'Llega a 1 persona', 'Llega a 3 personas'],
    ['fr', 'Atteint 1 personne', 'Atteint 3 personnes'],
  ])('pluralises the count in %s', async (locale, one, three) => {
    const provider = createI18nProvider(window.localStorage);
    await provider.changeLocale(locale);
    expect(provider.translate('common.audience.preview.reaches', { smart_count: 1 })).toBe(one);
    expect(provider.translate('common.audience.preview.reaches', { smart_count: 3 })).toBe(three);
  });
});
