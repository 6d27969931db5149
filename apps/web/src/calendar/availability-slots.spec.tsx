/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { AvailabilitySlots } from './availability-slots.js';

const slot = (hour: number) => ({ start: new Date(2026, 11, 1, hour).toISOString(), end: new Date(2026, 11, 1, hour + 1).toISOString() });

describe('AvailabilitySlots', () => {
  it('lists free and busy slots together in time order, each said in words', () => {
    render(<AvailabilitySlots view={{ date: '2026-12-01', availableSlots: [slot(9), slot(11)], busySlots: [slot(10)] }} />);
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toHaveLength(3);
    expect(items.map((text) => text!.split(': ')[1])).toEqual(['free', 'busy', 'free']);
    expect(screen.getByRole('list', { name: 'Slots on 2026-12-01' })).toBeTruthy();
  });

  it('says so when the day has no slots', () => {
    render(<AvailabilitySlots view={{ date: '2026-12-01', availableSlots: [], busySlots: [] }} />);
    expect(screen.getByText('No slots on 2026-12-01.')).toBeTruthy();
  });
});
