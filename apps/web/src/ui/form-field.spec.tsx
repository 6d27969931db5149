/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { FormField } from './form-field.js';

describe('FormField', () => {
  it('labels the input and ties the error to it', () => {
    render(<FormField label="Email" value="x" onChange={() => undefined} error="Invalid email address" />);
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe('Invalid email address');
  });

  it('passes typed text to onChange', () => {
    const onChange = jest.fn<(value: string) => void>();
    render(<FormField label="Name" value="" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    expect(onChange).toHaveBeenCalledWith('Ada');
  });
});
