import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_SETTINGS, type DeliverySettings } from '@pitstop/core/delivery-promise';
import { deliveryTexts as t } from '@pitstop/core/delivery-texts';
import { mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { DeliverySettingsForm } from './delivery-settings-form';

const START: DeliverySettings = { ...DEFAULT_DELIVERY_SETTINGS, holidays: ['2026-12-25'] };

function renderForm(put = (body: unknown) => jsonResponse(body)) {
  window.localStorage.setItem('accessToken', 'admin-key');
  const api = mockApi({
    'PUT /api/admin/settings/delivery': (_url, init) => put(jsonBodyOf(init)),
  });
  renderWithProviders(<DeliverySettingsForm settings={START} />);
  return api;
}

describe('DeliverySettingsForm', () => {
  it('saves the cut-off, zone, handling, business days, holidays and a state’s transit days', async () => {
    const api = renderForm();
    fireEvent.change(screen.getByLabelText(t.cutoffLabel), { target: { value: '14:30' } });
    fireEvent.change(screen.getByLabelText(t.timeZoneLabel), { target: { value: 'America/Los_Angeles' } });
    fireEvent.change(screen.getByLabelText(t.handlingLabel), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    fireEvent.click(screen.getByRole('button', { name: t.removeHoliday('2026-12-25') }));
    fireEvent.change(screen.getByLabelText(t.holidayLabel), { target: { value: '2026-12-24' } });
    fireEvent.click(screen.getByRole('button', { name: t.addHoliday }));
    fireEvent.click(screen.getByRole('button', { name: t.addOverride }));
    fireEvent.change(screen.getByLabelText(t.overrideStateLabel), { target: { value: 'CA' } });
    fireEvent.change(screen.getByLabelText(t.overrideDaysLabel), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));

    expect(await screen.findByText(t.saved)).toBeTruthy();
    const [call] = api.callsTo('PUT /api/admin/settings/delivery');
    expect(jsonBodyOf(call?.init)).toEqual({
      cutoff: '14:30',
      timeZone: 'America/Los_Angeles',
      handlingDays: 1,
      businessDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
      holidays: ['2026-12-24'],
      carriers: [{ name: 'Ground', transitDays: 1, byState: { CA: 2 } }],
    });
  });

  it('checks the rules before sending: no business day, a state twice, days out of range', async () => {
    const api = renderForm();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      fireEvent.click(screen.getByRole('checkbox', { name: day }));
    }
    fireEvent.change(screen.getByLabelText(t.transitLabel), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: t.addOverride }));
    fireEvent.click(screen.getByRole('button', { name: t.addOverride }));
    const states = screen.getAllByLabelText(t.overrideStateLabel);
    for (const select of states) fireEvent.change(select, { target: { value: 'TX' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));

    expect(await screen.findByText(t.businessDaysRequired)).toBeTruthy();
    expect(errorTextFor(screen.getByLabelText(t.transitLabel))).toBe(t.daysRange);
    expect(errorTextFor(states[1] as HTMLElement)).toBe(t.stateTwice);
    expect(api.callsTo('PUT /api/admin/settings/delivery')).toHaveLength(0);
  });

  it('shows the server’s refusal under the field it names', async () => {
    renderForm(() =>
      jsonResponse(
        {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: t.cutoffInvalid,
          errors: [{ field: 'cutoff', message: t.cutoffInvalid }],
        },
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(errorTextFor(screen.getByLabelText(t.cutoffLabel))).toBe(t.cutoffInvalid));
    expect(screen.getByRole('alert').textContent).toContain(t.cutoffInvalid);
  });
});
