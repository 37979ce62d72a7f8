import type { Dashboard } from '@pitstop/core/admin';
import { backupTexts } from '@pitstop/core/backup-texts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/api';
import { jsonResponse, renderWithProviders } from '@/testing/render';
import { DashboardOverview } from './dashboard-overview';

const mine: Dashboard['mine'] = { total: 5, unpaid: 1, paid: 2, shipped: 1, delivered: 1, spent: 123.5 };
const links = {
  editPartHref: (id: string) => `/dashboard/parts/${id}/edit`,
  lowStockHref: '/dashboard/parts?stock=low',
};

function renderOverview(dashboard: Dashboard) {
  window.localStorage.setItem('accessToken', 'key-1');
  mockApi({ 'GET /api/dashboard': () => jsonResponse(dashboard) });
  return renderWithProviders(<DashboardOverview links={links} />);
}

function figure(region: HTMLElement, label: string): string | null | undefined {
  const term = within(region).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('DashboardOverview', () => {
  it("shows a customer their own order summary and nothing of the shop's", async () => {
    renderOverview({ mine, admin: null });

    const region = await screen.findByRole('region', { name: 'Your orders' });
    expect(figure(region, 'Orders')).toBe('5');
    expect(figure(region, 'Unpaid')).toBe('1');
    expect(figure(region, 'Delivered')).toBe('1');
    expect(figure(region, 'Spent')).toBe('$123.50');
    expect(screen.queryByRole('region', { name: 'Shop orders' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Low stock' })).toBeNull();
  });

  it('shows an admin the order counts, revenue with its chart as a table, and low stock linking to edit', async () => {
    renderOverview({
      mine: { total: 0, unpaid: 0, paid: 0, shipped: 0, delivered: 0, spent: 0 },
      admin: {
        counts: { unpaid: 3, paid: 4, shipped: 7, toShip: 6 },
        lowStock: [{ _id: 'p-1', name: 'Chain kit', availablequantity: 3, minquantity: 2 }],
        revenueThisMonth: 250,
        revenueByDay: [
          { day: '2026-11-01', revenue: 100 },
          { day: '2026-11-02', revenue: 150 },
        ],
        backup: { lastOkAt: '2026-11-27T03:00:12.000Z', failedAt: null, error: null },
      },
    });

    const shop = await screen.findByRole('region', { name: 'Shop orders' });
    expect(figure(shop, 'Unpaid')).toBe('3');
    // Paid, on account and partly shipped: what is still to send.
    expect(figure(shop, 'To ship')).toBe('6');
    expect(figure(shop, 'Shipped')).toBe('7');
    expect(figure(shop, 'Revenue this month')).toBe('$250.00');
    const chart = within(shop).getByRole('table', { name: 'Revenue per day this month' });
    const rows = within(chart)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['DayRevenue', 'Nov 1$100.00', 'Nov 2$150.00']);

    const low = screen.getByRole('region', { name: 'Low stock' });
    expect(within(low).getByRole('link', { name: 'Edit Chain kit' }).getAttribute('href')).toBe(
      '/dashboard/parts/p-1/edit',
    );
    expect(within(low).getByText('3 available · minimum order 2')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your orders' }).textContent).toContain(
      'You have no orders yet.',
    );
    expect(screen.getByText(backupTexts.lastOk('2026-11-27T03:00:12.000Z'))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('alerts an admin when the latest backup failed', async () => {
    renderOverview({
      mine: { total: 0, unpaid: 0, paid: 0, shipped: 0, delivered: 0, spent: 0 },
      admin: {
        counts: { unpaid: 0, paid: 0, shipped: 0, toShip: 0 },
        lowStock: [],
        revenueThisMonth: 0,
        revenueByDay: [],
        backup: {
          lastOkAt: '2026-11-26T03:00:00.000Z',
          failedAt: '2026-11-27T03:00:05.000Z',
          error: 'pg_dump failed (exit 1): no space left on device',
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Backup failed: 2026-11-27 03:00 UTC: pg_dump failed (exit 1): no space left on device',
    );
    expect(alert.textContent).toContain(backupTexts.failedHint);
  });
});
