import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RETURN_POLICY_DAYS, RETURN_REASON_LABELS, returnPolicyTexts } from '@pitstop/core/return-policy';
import { RETURN_REASONS } from '@pitstop/core/order-detail';
import { AppRoutes, CLIENT_ONLY_PATHS } from '@/app/router';
import { createServerRenderer } from '@/entry-server';
import { renderRoutes, renderWithProviders } from '@/testing/render';
import { ReturnsRoute } from './returns';

describe('ReturnsRoute', () => {
  it('states the policy: the window, the reasons, how to ask, the refund, restocking and who pays postage', () => {
    renderWithProviders(<ReturnsRoute />, { route: '/returns' });
    expect(screen.getByRole('heading', { level: 1, name: 'Returns' })).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 2, name: `${RETURN_POLICY_DAYS} days from delivery` }),
    ).toBeTruthy();
    expect(RETURN_POLICY_DAYS).toBe(30);
    for (const reason of RETURN_REASONS) expect(screen.getByText(RETURN_REASON_LABELS[reason])).toBeTruthy();
    const how = screen.getByRole('region', { name: returnPolicyTexts.howHeading });
    expect(how.textContent).toContain('My Orders');
    expect(screen.getByRole('link', { name: returnPolicyTexts.ordersLink }).getAttribute('href')).toBe(
      '/order',
    );
    expect(screen.getByRole('region', { name: returnPolicyTexts.refundHeading }).textContent).toMatch(
      /to the way you paid: to your card, or for an order on account, as a credit/,
    );
    expect(screen.getByRole('region', { name: returnPolicyTexts.restockHeading }).textContent).toContain(
      'no restocking fee',
    );
    expect(screen.getByRole('region', { name: returnPolicyTexts.shippingHeading }).textContent).toContain(
      'You pay the postage to send parts back',
    );
    expect(document.title).toBe('Returns | Pitstop Parts');
  });

  it('is reached from the footer on every page', async () => {
    renderRoutes(<AppRoutes />, { route: '/about' });
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    fireEvent.click(within(footer).getByRole('link', { name: 'Returns' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Returns' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/returns');
  });

  it('is rendered on the server, like /about', async () => {
    expect(CLIENT_ONLY_PATHS).not.toContain('/returns');
    const renderer = createServerRenderer('https://shop.example', () =>
      Promise.resolve(new Response('{}', { status: 404 })),
    );
    const page = await renderer.render('/returns');
    expect(page?.status).toBe(200);
    expect(page?.body).toContain(returnPolicyTexts.shippingText);
    expect(page?.head).toContain('<title>Returns | Pitstop Parts</title>');
    expect(page?.head).toContain('<link rel="canonical" href="https://shop.example/returns" />');
  });
});
