/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { AsyncList } from './async-state.js';
import type { AsyncState } from './use-async.js';

const state = (partial: Partial<AsyncState<string[]>>): AsyncState<string[]> => ({ loading: false, reload: jest.fn<() => void>(), ...partial });

const renderList = (sut: AsyncState<string[]>) => render(
  <AsyncList state={sut} noun="agents" empty={<p>No agents yet.</p>}>
    {(items) => <ul>{items.map((item) => <li key={item}>{item}</li>)}</ul>}
  </AsyncList>,
);

describe('AsyncList', () => {
  it('says it is loading before the first answer', () => {
    renderList(state({ loading: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading agents…');
  });

  it('shows the empty state for an empty list', () => {
    renderList(state({ data: [] }));
    expect(screen.getByText('No agents yet.')).toBeTruthy();
  });

  it('shows the error in words with a retry that reloads', () => {
    const sut = state({ error: 'The service is unavailable right now.' });
    renderList(sut);
    expect(screen.getByRole('alert').textContent).toContain('Could not load agents: The service is unavailable right now.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(sut.reload).toHaveBeenCalledTimes(1);
  });

  it('keeps the items and shows a failed refresh beside them', () => {
    renderList(state({ data: ['alpha'], error: 'Too many requests.' }));
    expect(screen.getByRole('listitem').textContent).toBe('alpha');
    expect(screen.getByRole('alert').textContent).toBe('Could not refresh agents: Too many requests.');
  });
});
