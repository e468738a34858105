import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useWatch } from 'react-hook-form';
import { AdminContext, Form, testDataProvider } from 'react-admin';
import { CertificateExpirationInput } from './CertificateExpirationInput.tsx';
import { i18n } from '../../test/fixtures.ts';

const FIELD = 'qty_certificate_expiration_days';

function Value() {
  const value = useWatch({ name: FIELD }) as unknown;
  return <output aria-label="form value">{JSON.stringify(value ?? null)}</output>;
}

async function renderInput(days?: number | null) {
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
      <Form record={days === undefined ? { id: 1 } : { id: 1, [FIELD]: days }}>
        <CertificateExpirationInput />
        <Value />
      </Form>
    </AdminContext>,
  );
  const amount = await screen.findByRole('spinbutton', { name: 'Validade do certificado' });
  // the debounce runs on fake timers from here on
  vi.useFakeTimers();
  return amount;
}

const formValue = () => JSON.parse(screen.getByRole('status', { name: 'form value' }).textContent ?? 'null') as unknown;
const unitSelect = () => screen.getByRole('combobox', { name: 'Unidade' });

function chooseUnit(name: string) {
  fireEvent.mouseDown(unitSelect());
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('CertificateExpirationInput (spec 2 §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is blank for never expires, with a hint', async () => {
    const amount = await renderInput(null);
    expect(amount).toHaveValue(null);
    expect(unitSelect()).toHaveTextContent('Dias');
    expect(screen.getByText('Em branco, o certificado não expira')).toBeInTheDocument();
    expect(formValue()).toBeNull();
  });

  it('emits number × multiplier in days only after a 1-second pause', async () => {
    const amount = await renderInput(null);
    chooseUnit('Meses');
    expect(amount).toHaveValue(0);
    await wait(1000);
    expect(formValue()).toBe(0);

    fireEvent.change(amount, { target: { value: '2' } });
    await wait(500);
    fireEvent.change(amount, { target: { value: '3' } });
    await wait(999);
    expect(formValue()).toBe(0); // each keystroke restarts the pause
    await wait(1);
    expect(formValue()).toBe(90);
    expect(screen.queryByText('Em branco, o certificado não expira')).not.toBeInTheDocument();
  });

  it('loads a stored value in the largest unit that divides it', async () => {
    const amount = await renderInput(90);
    expect(amount).toHaveValue(3);
    expect(unitSelect()).toHaveTextContent('Meses');
  });

  it('resets the number to 0 when the unit changes', async () => {
    const amount = await renderInput(730);
    expect(amount).toHaveValue(2);
    expect(unitSelect()).toHaveTextContent('Anos');
    chooseUnit('Dias');
    expect(amount).toHaveValue(0);
    expect(formValue()).toBe(730);
    await wait(1000);
    expect(formValue()).toBe(0);
  });

  it('clearing the number means never expires (null)', async () => {
    const amount = await renderInput(45);
    expect(amount).toHaveValue(45);
    fireEvent.change(amount, { target: { value: '' } });
    await wait(1000);
    expect(formValue()).toBeNull();
    expect(screen.getByText('Em branco, o certificado não expira')).toBeInTheDocument();
  });

  it('sends at once when the field loses focus', async () => {
    const amount = await renderInput(null);
    fireEvent.change(amount, { target: { value: '10' } });
    fireEvent.blur(amount);
    expect(formValue()).toBe(10);
  });
});
