import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useWatch } from 'react-hook-form';
import { AdminContext, Form, testDataProvider } from 'react-admin';
import { i18n } from '../../test/fixtures.ts';
import { CustomDatesInput, withDate } from './CustomDatesInput.tsx';
import { drillPayload } from './drillPayload.ts';

function Value() {
  const value = useWatch({ name: 'custom_dates' }) as unknown;
  return <output aria-label="form value">{JSON.stringify(value ?? null)}</output>;
}

function renderInput(record: Record<string, unknown>) {
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
      <Form record={{ id: 1, start_date: '2026-11-23', end_date: '2026-11-30', ...record }}>
        <CustomDatesInput />
        <Value />
      </Form>
    </AdminContext>,
  );
}

const formValue = () => JSON.parse(screen.getByRole('status', { name: 'form value' }).textContent ?? 'null') as unknown;

describe('CustomDatesInput (spec 3 §3 drill custom dates)', () => {
  it('lists the stored days as chips in the admin date format, picks more within the drill dates, removes one', async () => {
    renderInput({ custom_dates: ['2026-11-27'] });
    const list = await screen.findByRole('list', { name: 'Datas' });
    expect(within(list).getByText('27/11/2026')).toBeInTheDocument();

    const picker = screen.getByLabelText('Dia');
    expect(picker).toHaveAttribute('type', 'date');
    expect(picker).toHaveAttribute('min', '2026-11-23');
    expect(picker).toHaveAttribute('max', '2026-11-30');
    const add = screen.getByRole('button', { name: 'Adicionar data' });
    expect(add).toBeDisabled();

    fireEvent.change(picker, { target: { value: '2026-11-24' } });
    await userEvent.click(add);
    // kept in calendar order, the picker emptied for the next day
    expect(formValue()).toEqual(['2026-11-24', '2026-11-27']);
    expect(picker).toHaveValue('');

    // a day already chosen cannot be added twice
    fireEvent.change(picker, { target: { value: '2026-11-27' } });
    expect(add).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Remover 27/11/2026' }));
    expect(formValue()).toEqual(['2026-11-24']);
    expect(within(list).queryByText('27/11/2026')).not.toBeInTheDocument();
  });

  it('says when no day is chosen yet, and the payload sends the list as the contract takes it', async () => {
    renderInput({ custom_dates: [] });
    expect(await screen.findByText('Nenhuma data escolhida')).toBeInTheDocument();
    expect(drillPayload({ date_type: 'custom', custom_dates: withDate(['2026-11-25'], '2026-11-23') }).custom_dates).toEqual(['2026-11-23', '2026-11-25']);
  });
});
