import { zodResolver } from '@hookform/resolvers/zod';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from '@/components/ui/text-field';
import { errorTextFor } from '@/testing/form';
import { useAppForm } from './use-app-form';

const Schema = z.object({
  name: z.string().trim().min(1, 'Enter your name'),
  city: z.string().trim().min(1, 'Enter your city'),
});

function TwoFieldForm({ onValid }: { onValid: (values: z.infer<typeof Schema>) => void }) {
  const form = useAppForm({ resolver: zodResolver(Schema), defaultValues: { name: 'Riley', city: '' } });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <TextField label="Name" error={errors.name?.message} {...form.register('name')} />
      <TextField label="City" error={errors.city?.message} {...form.register('city')} />
      <button type="submit">Send</button>
    </form>
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }));

/** Empties a field and leaves it, as the mousedown on a submit button does. */
async function emptyAndLeave(label: string) {
  fireEvent.focus(field(label));
  fireEvent.change(field(label), { target: { value: '' } });
  fireEvent.blur(field(label));
  // Let a validation started by the blur (a resolver is async) finish and render.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

describe('useAppForm', () => {
  it('shows no message when an emptied field is left, so nothing moves under the pointer', async () => {
    render(<TwoFieldForm onValid={vi.fn()} />);

    await emptyAndLeave('Name');

    expect(errorTextFor(field('Name'))).toBeNull();
    expect(field('Name').getAttribute('aria-invalid')).toBe('false');
  });

  it('shows every message, tied to its field, on the first submit', async () => {
    const onValid = vi.fn();
    render(<TwoFieldForm onValid={onValid} />);
    await emptyAndLeave('Name');

    send();

    await waitFor(() => expect(errorTextFor(field('Name'))).toBe('Enter your name'));
    expect(errorTextFor(field('City'))).toBe('Enter your city');
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('City').getAttribute('aria-invalid')).toBe('true');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('after a submit, checks a field again as it changes (not when it is left) and submits once all is valid', async () => {
    const onValid = vi.fn();
    render(<TwoFieldForm onValid={onValid} />);
    send();
    await waitFor(() => expect(errorTextFor(field('City'))).toBe('Enter your city'));

    fireEvent.change(field('City'), { target: { value: 'Pune' } });
    await waitFor(() => expect(errorTextFor(field('City'))).toBeNull());
    await emptyAndLeave('Name');
    // Emptying is a change: its message shows while typing, before the field is left.
    expect(errorTextFor(field('Name'))).toBe('Enter your name');
    fireEvent.change(field('Name'), { target: { value: 'Riley' } });
    await waitFor(() => expect(errorTextFor(field('Name'))).toBeNull());

    send();

    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ name: 'Riley', city: 'Pune' });
  });
});
