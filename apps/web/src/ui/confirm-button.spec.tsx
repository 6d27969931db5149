/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../api/api-error.js';
import { ToastProvider } from './alert.js';
import { ConfirmButton } from './confirm-button.js';

const renderButton = (action: () => Promise<unknown>, onDone = jest.fn()) => {
  render(<ToastProvider><ConfirmButton verb="Delete" subject="task Digest" done="Task Digest deleted" action={action} onDone={onDone} /></ToastProvider>);
  return onDone;
};

describe('ConfirmButton', () => {
  it('acts only after the confirmation, then says so', async () => {
    const action = jest.fn(async () => undefined);
    const onDone = renderButton(action);
    fireEvent.click(screen.getByRole('button', { name: 'Delete task Digest' }));
    expect(action).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: delete task Digest' }));
    await screen.findByText('Task Digest deleted');
    expect(action).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalled();
  });

  it('shows a refusal in words and goes back to the first step', async () => {
    const onDone = renderButton(async () => { throw new ApiError('Task not found', 404); });
    fireEvent.click(screen.getByRole('button', { name: 'Delete task Digest' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: delete task Digest' }));
    await screen.findByText('Task not found');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete task Digest' })).toBeTruthy());
    expect(onDone).not.toHaveBeenCalled();
  });

  it('can be cancelled', () => {
    renderButton(async () => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Delete task Digest' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete task Digest' })).toBeTruthy();
  });
});
