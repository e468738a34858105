import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Autocomplete, TextField } from '@mui/material';
import { AdminContext, memoryStore, useLocaleState } from 'react-admin';
import { MuiLocale } from './MuiLocale.tsx';
import { i18n } from '../test/fixtures.ts';

function Choice() {
  const [, setLocale] = useLocaleState();
  return (
    <>
      <button type="button" onClick={() => setLocale('es')}>es</button>
      <Autocomplete options={[] as string[]} renderInput={(params) => <TextField {...params} label="Area" />} />
    </>
  );
}

describe('MuiLocale (#25 item 4: MUI texts in the panel language)', () => {
  it('gives the Autocomplete its texts in pt-br, then in the chosen language', async () => {
    render(
      <AdminContext i18nProvider={i18n()} store={memoryStore()}>
        <MuiLocale><Choice /></MuiLocale>
      </AdminContext>,
    );
    const input = await screen.findByRole('combobox', { name: 'Area' });
    expect(screen.getByRole('button', { name: 'Abrir' })).toBeInTheDocument();
    await userEvent.click(input);
    expect(await screen.findByText('Sem opções')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'es' }));
    // the Spanish texts load with the language
    await screen.findByRole('button', { name: 'Abierto' });
    // react-admin re-renders the tree when the language changes: look the field up again
    await userEvent.click(screen.getByRole('combobox', { name: 'Area' }));
    expect(await screen.findByText('Sin opciones')).toBeInTheDocument();
  });
});
