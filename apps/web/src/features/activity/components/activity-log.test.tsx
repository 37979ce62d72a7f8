import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { activityTexts, auditActionNames } from '@pitstop/core/activity-texts';
import type { ActivityEntry, ActivityPage } from '@pitstop/core/audit';
import { mockApi } from '@/testing/api';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { changeLines } from './activity-changes';
import { ActivityLog } from './activity-log';

const entry = (n: number, overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: `60000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  at: new Date(Date.UTC(2026, 10, 27, 10, 0, 60 - n)).toISOString(),
  actorId: 'admin-1',
  actorName: 'Sam Admin <admin@pitstop.com>',
  action: 'part.update',
  recordType: 'part',
  recordId: `part-${n}`,
  before: { price: 49.5, stock: 40, partNumber: `BP-${n}` },
  after: { price: 54.25, stock: 12, partNumber: `BP-${n}` },
  requestId: `req-${n}`,
  ip: '203.0.113.7',
  ...overrides,
});

const FIRST: ActivityPage = {
  items: [entry(1), entry(2, { action: 'user.make_admin', recordType: 'user' })],
  next: 'cursor-2',
};
const SECOND: ActivityPage = {
  items: [entry(3, { action: 'order.ship', recordType: 'order', recordId: 'PS-10481' })],
  next: null,
};

function renderLog() {
  window.localStorage.setItem('accessToken', 'admin-key');
  const api = mockApi({
    'GET /api/admin/activity': (url) =>
      jsonResponse(url.searchParams.get('before') === 'cursor-2' ? SECOND : FIRST),
  });
  renderWithProviders(<ActivityLog />);
  return api;
}

describe('ActivityLog', () => {
  it('lists who did what to which record, with what changed, newest first; older entries on request', async () => {
    const api = renderLog();
    const table = await screen.findByRole('table', { name: activityTexts.heading });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByText(auditActionNames['part.update'])).toBeTruthy();
    expect(within(first).getByText('Sam Admin <admin@pitstop.com>')).toBeTruthy();
    expect(within(first).getByText('price: 49.5 → 54.25')).toBeTruthy();
    expect(within(first).getByText('stock: 40 → 12')).toBeTruthy();
    expect(within(first).getByText('partNumber: BP-1')).toBeTruthy();
    expect(within(first).getByText(activityTexts.ip('203.0.113.7'))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: activityTexts.loadMore }));
    expect(await within(table).findByText('PS-10481')).toBeTruthy();
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(3);
    expect(screen.getByText(activityTexts.end)).toBeTruthy();
    expect(screen.queryByRole('button', { name: activityTexts.loadMore })).toBeNull();
    expect(api.callsTo('GET /api/admin/activity').map((c) => c.url.searchParams.get('before'))).toEqual([
      null,
      'cursor-2',
    ]);
  });

  it('filters by actor, action, record and days (To includes its whole day), from the keyboard too', async () => {
    const api = renderLog();
    await screen.findByRole('table', { name: activityTexts.heading });
    fireEvent.change(screen.getByLabelText(activityTexts.actor), { target: { value: ' sam ' } });
    fireEvent.change(screen.getByLabelText(activityTexts.action), { target: { value: 'part.update' } });
    fireEvent.change(screen.getByLabelText(activityTexts.recordType), { target: { value: 'part' } });
    fireEvent.change(screen.getByLabelText(activityTexts.recordId), { target: { value: 'part-1' } });
    fireEvent.change(screen.getByLabelText(activityTexts.from), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(activityTexts.to), { target: { value: '2026-11-27' } });
    // Enter in a field submits the form, as the Filter button does.
    fireEvent.submit(screen.getByRole('form', { name: activityTexts.filters }));
    await waitFor(() => expect(api.callsTo('GET /api/admin/activity')).toHaveLength(2));
    const params = api.callsTo('GET /api/admin/activity')[1]?.url.searchParams;
    expect(params?.get('actor')).toBe('sam');
    expect(params?.get('action')).toBe('part.update');
    expect(params?.get('recordType')).toBe('part');
    expect(params?.get('recordId')).toBe('part-1');
    expect(params?.get('from')).toBe(new Date(2026, 10, 1).toISOString());
    expect(params?.get('to')).toBe(new Date(2026, 10, 28).toISOString());

    fireEvent.click(screen.getByRole('button', { name: activityTexts.clear }));
    await waitFor(() => expect(api.callsTo('GET /api/admin/activity').length).toBeGreaterThanOrEqual(2));
    expect((screen.getByLabelText(activityTexts.actor) as HTMLInputElement).value).toBe('');
  });

  it('says so when nothing matches', async () => {
    window.localStorage.setItem('accessToken', 'admin-key');
    mockApi({ 'GET /api/admin/activity': () => jsonResponse({ items: [], next: null }) });
    renderWithProviders(<ActivityLog />);
    expect(await screen.findByText(activityTexts.empty)).toBeTruthy();
  });
});

describe('changeLines', () => {
  it('shows a change as before → after, a created or deleted record’s fields as they are', () => {
    expect(
      changeLines({
        before: { status: 'paid', shipment: null },
        after: { status: 'shipped', shipment: 'UPS 1Z' },
      }),
    ).toEqual(['status: paid → shipped', 'shipment: (empty) → UPS 1Z']);
    expect(changeLines({ before: null, after: { created: 2, failed: 0 } })).toEqual([
      'created: 2',
      'failed: 0',
    ]);
    expect(changeLines({ before: null, after: null })).toEqual([]);
  });
});
