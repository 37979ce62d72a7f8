import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api';
import { errorTextFor } from '@/testing/form';
import { renderWithProviders } from '@/testing/render';
import { PartForm } from './part-form';

/*
 * Issue #28, item 7: a fitment row added to the part form stays quiet (no red errors) until one of
 * its fields is left or the form is submitted again, even after a submit that failed.
 */

const label = (name: string) => screen.getByLabelText(name);
const ROW_FIELDS = ['Make', 'Model', 'From year', 'To year'];

function renderForm() {
  window.localStorage.setItem('accessToken', 'admin-key');
  mockApi({});
  renderWithProviders(<PartForm onSaved={vi.fn()} brands={[{ name: 'Honda', kind: 'oem' }]} />);
}

/** Lets the form's checks (they run in promises) finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a new fitment row', () => {
  it('shows no errors when added to a fresh form', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add fitment' }));
    await settle();

    for (const field of ROW_FIELDS) {
      expect(errorTextFor(label(`${field} 1`)), field).toBeNull();
      expect(label(`${field} 1`).getAttribute('aria-invalid')).toBe('false');
    }
  });

  it('stays quiet when added after a failed submit, until left or submitted again', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add part' }));
    await waitFor(() => expect(errorTextFor(label('Brand'))).toBe('Choose a brand'));

    fireEvent.click(screen.getByRole('button', { name: 'Add fitment' }));
    await settle();
    for (const field of ROW_FIELDS) {
      expect(errorTextFor(label(`${field} 1`)), field).toBeNull();
    }
    // The form's own errors are still there.
    expect(errorTextFor(label('Brand'))).toBe('Choose a brand');

    // Leaving Make empty: its error, and only its.
    fireEvent.focus(label('Make 1'));
    fireEvent.blur(label('Make 1'));
    await waitFor(() => expect(errorTextFor(label('Make 1'))).toBe('Enter the make'));
    expect(errorTextFor(label('Model 1'))).toBeNull();

    // Submitted again: every field of the row says what it needs.
    fireEvent.click(screen.getByRole('button', { name: 'Add part' }));
    await waitFor(() => expect(errorTextFor(label('Model 1'))).toBe('Enter the model'));
    expect(errorTextFor(label('From year 1'))).toBe('Enter a year from 1950 to 2100');
  });

  it('keeps showing a row’s errors that were there before the next row was added', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add fitment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add part' }));
    await waitFor(() => expect(errorTextFor(label('Make 1'))).toBe('Enter the make'));

    fireEvent.click(screen.getByRole('button', { name: 'Add fitment' }));
    await settle();
    expect(errorTextFor(label('Make 1'))).toBe('Enter the make');
    expect(errorTextFor(label('Make 2'))).toBeNull();
  });
});
