import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Notification } from 'react-admin';
import { i18n } from '../../test/fixtures.ts';
import { toHttpError } from '../http/httpErrors.ts';
import { useAction, type ActionOptions } from './useAction.ts';

function ActionButton({ action, options }: { action: () => Promise<string>; options: ActionOptions<string> }) {
  const { run, pending } = useAction(action, options);
  return <button type="button" disabled={pending} onClick={() => void run()}>Approve</button>;
}

function renderButton(action: () => Promise<string>, options: ActionOptions<string>) {
  render(
    <AdminContext i18nProvider={i18n()}>
      <ActionButton action={action} options={options} />
      <Notification />
    </AdminContext>,
  );
  return screen.getByRole('button', { name: 'Approve' });
}

describe('useAction (issue 25 item 5)', () => {
  it('disables its button while running, runs once however often clicked, then says it is done', async () => {
    let release: (value: string) => void = () => undefined;
    const action = vi.fn(() => new Promise<string>((resolve) => { release = resolve; }));
    const onSuccess = vi.fn();
    const button = renderButton(action, { success: 'admin.actions.approved', onSuccess });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(action).toHaveBeenCalledTimes(1);
    release('ok');
    expect(await screen.findByText('Aprovado')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledWith('ok');
    await waitFor(() => expect(button).toBeEnabled());
  });

  it("shows a refusal's own message, and nothing for a silent failure (spec 2 §8)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = () => Promise.reject(toHttpError(400, { detail: 'no', code: 'invalid_document' }));
    const button = renderButton(refusal, { success: 'admin.actions.approved' });
    await userEvent.click(button);
    expect(await screen.findByText('Documento inválido')).toBeInTheDocument();
    expect(screen.queryByText('Aprovado')).not.toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('a silent failure shows nothing and calls onFailure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onFailure = vi.fn();
    const button = renderButton(() => Promise.reject(new Error('boom')), { success: 'admin.actions.approved', failure: null, onFailure });
    await userEvent.click(button);
    await waitFor(() => expect(onFailure).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
