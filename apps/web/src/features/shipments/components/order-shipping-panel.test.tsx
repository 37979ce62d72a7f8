import type { Order } from '@pitstop/core/orders';
import { shipmentTexts, TRACKING_FORMATS } from '@pitstop/core/shipment-texts';
import { trackingNumberProblem, type Shipment } from '@pitstop/core/shipments';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/api';
import { errorTextFor, jsonBodyOf } from '@/testing/form';
import { createMultiLineOrder } from '@/testing/order-factory';
import { jsonResponse, problemResponse, renderWithProviders } from '@/testing/render';
import { OrderShippingPanel } from './order-shipping-panel';

const UPS = '1Z999AA10123456784';

/** Brake pads × 2, Chain kit × 1, Oil filter × 3, paid; nothing shipped yet. */
function paidOrder(overrides: Partial<Order> = {}): Order {
  return createMultiLineOrder(
    [
      { name: 'Brake pads', unitPrice: 21.99, quantity: 2 },
      { name: 'Chain kit', unitPrice: 89.5, quantity: 1 },
      { name: 'Oil filter', unitPrice: 9.5, quantity: 3 },
    ],
    { status: 'paid', paid: true, ...overrides },
  );
}

function shipmentOf(order: Order, position: number, units: [number, number][]): Shipment {
  return {
    id: `shipment-${position}`,
    position,
    carrier: 'ups',
    carrierName: 'UPS',
    trackingNumber: UPS,
    trackingUrl: `https://www.ups.com/track?tracknum=${UPS}`,
    shippedAt: '2026-11-20T10:00:00.000Z',
    lines: units.map(([index, quantity]) => {
      const line = order.lines[index]!;
      return { lineId: line.lineId, name: line.name, partNumber: line.partNumber, quantity };
    }),
  };
}

/** The panel on a page that shows the order as the server last answered it. */
function Page({ initial, onChanged }: { initial: Order; onChanged: (order: Order) => void }) {
  const [order, setOrder] = useState(initial);
  return (
    <OrderShippingPanel
      order={order}
      onChanged={(updated) => {
        onChanged(updated);
        setOrder(updated);
      }}
    />
  );
}

function renderPanel(order: Order, routes: Parameters<typeof mockApi>[0] = {}, route = '/') {
  window.localStorage.setItem('accessToken', 'admin-key');
  const api = mockApi(routes);
  const onChanged = vi.fn();
  renderWithProviders(<Page initial={order} onChanged={onChanged} />, { route });
  return { api, onChanged };
}

const shipRoute = (order: Order) => `POST /api/orders/${order.orderNumber}/shipments`;
const quantityOf = (name: string) => screen.getByLabelText(shipmentTexts.quantityLabel(name));
const tracking = () => screen.getByLabelText(shipmentTexts.trackingNumber);
const submit = () => fireEvent.click(screen.getByRole('button', { name: shipmentTexts.submit }));

describe('OrderShippingPanel: the ship form', () => {
  it("takes the focus when the page was opened at #ship (All Orders' Shipped)", () => {
    const order = paidOrder();
    renderPanel(order, {}, `/dashboard/orders/${order.orderNumber}#ship`);
    expect(document.activeElement).toBe(screen.getByRole('form', { name: `Ship ${order.orderNumber}` }));
  });

  it('leaves the focus alone otherwise', () => {
    const order = paidOrder();
    renderPanel(order, {}, `/dashboard/orders/${order.orderNumber}`);
    expect(document.activeElement).toBe(document.body);
  });

  it("names a number that does not fit the carrier under the field, with the carrier's format, and sends nothing", async () => {
    const order = paidOrder();
    const { api } = renderPanel(order);
    expect(screen.getByText(TRACKING_FORMATS.ups)).toBeTruthy();

    fireEvent.change(tracking(), { target: { value: '1Z12345' } });
    submit();

    await waitFor(() => expect(errorTextFor(tracking())).toBe(trackingNumberProblem('ups')));
    // The error says what the hint said (and more): only the error shows.
    expect(screen.queryByText(TRACKING_FORMATS.ups)).toBeNull();
    expect(document.activeElement).toBe(tracking());
    expect(api.callsTo(shipRoute(order))).toHaveLength(0);

    // Another carrier: the number is checked against it; a FedEx number fits FedEx, and the hint
    // says what FedEx numbers look like.
    fireEvent.change(screen.getByLabelText(shipmentTexts.carrier), { target: { value: 'fedex' } });
    await waitFor(() => expect(errorTextFor(tracking())).toBe(trackingNumberProblem('fedex')));
    fireEvent.change(tracking(), { target: { value: '1234 5678 9012' } });
    await waitFor(() => expect(errorTextFor(tracking())).toBeNull());
    expect(screen.getByText(TRACKING_FORMATS.fedex)).toBeTruthy();
  });

  it('ships some units now (split), announces it, and starts the next parcel from what is left', async () => {
    const order = paidOrder();
    const { api, onChanged } = renderPanel(order, {
      [shipRoute(order)]: () =>
        jsonResponse({
          ...order,
          status: 'partially_shipped',
          shipments: [
            shipmentOf(order, 1, [
              [0, 2],
              [2, 1],
            ]),
          ],
        }),
    });
    // Every unit left, by default.
    expect((quantityOf('Brake pads') as HTMLInputElement).value).toBe('2');
    expect((quantityOf('Chain kit') as HTMLInputElement).value).toBe('1');
    expect((quantityOf('Oil filter') as HTMLInputElement).value).toBe('3');
    expect(screen.getByText('2 of 2 left to ship')).toBeTruthy();
    // Named by its part for screen readers; "Units to ship" on screen, beside the part's name.
    expect(screen.getAllByText('Units', { exact: false })[0]?.closest('label')?.textContent).toBe(
      'Units of Brake pads to ship',
    );

    fireEvent.change(quantityOf('Chain kit'), { target: { value: '0' } });
    fireEvent.change(quantityOf('Oil filter'), { target: { value: '1' } });
    fireEvent.change(tracking(), { target: { value: '1z 999 aa1 01 2345 6784' } });
    submit();

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        shipmentTexts.shipped(1, order.orderNumber, 'UPS', false),
      ),
    );
    const [call] = api.callsTo(shipRoute(order));
    expect(jsonBodyOf(call?.init)).toEqual({
      carrier: 'ups',
      trackingNumber: '1z 999 aa1 01 2345 6784',
      lines: [
        { lineId: order.lines[0]!.lineId, quantity: 2 },
        { lineId: order.lines[2]!.lineId, quantity: 1 },
      ],
    });
    expect(onChanged).toHaveBeenCalledTimes(1);
    // The button used is gone with the old form: the focus is on the result.
    expect(document.activeElement).toBe(screen.getByRole('status').parentElement);
    // The next parcel: only what is left, all of it by default, and an empty tracking number.
    expect(screen.queryByLabelText(shipmentTexts.quantityLabel('Brake pads'))).toBeNull();
    expect((quantityOf('Chain kit') as HTMLInputElement).value).toBe('1');
    expect((quantityOf('Oil filter') as HTMLInputElement).value).toBe('2');
    expect(screen.getByText('2 of 3 left to ship')).toBeTruthy();
    expect((tracking() as HTMLInputElement).value).toBe('');
  });

  it('refuses more units than are left, or none at all, before sending', async () => {
    const order = paidOrder({ shipments: [] });
    const { api } = renderPanel(order);
    fireEvent.change(tracking(), { target: { value: UPS } });
    fireEvent.change(quantityOf('Oil filter'), { target: { value: '4' } });
    submit();
    await waitFor(() => expect(errorTextFor(quantityOf('Oil filter'))).toBe(shipmentTexts.quantityAbove(3)));

    for (const name of ['Brake pads', 'Chain kit', 'Oil filter']) {
      fireEvent.change(quantityOf(name), { target: { value: '0' } });
    }
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(shipmentTexts.nothingChosen);
    expect(api.callsTo(shipRoute(order))).toHaveLength(0);
  });

  it("shows the server's refusal under the line it names (lines.N is the N-th line sent)", async () => {
    const order = paidOrder();
    const message = shipmentTexts.quantityAbove(0);
    renderPanel(order, {
      [shipRoute(order)]: () =>
        new Response(
          JSON.stringify({
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            detail: message,
            errors: [{ field: 'lines.1.quantity', message }],
          }),
          { status: 400, headers: { 'content-type': 'application/problem+json' } },
        ),
    });
    fireEvent.change(quantityOf('Chain kit'), { target: { value: '0' } });
    fireEvent.change(tracking(), { target: { value: UPS } });
    submit();

    // Sent: Brake pads (lines.0) and Oil filter (lines.1).
    await waitFor(() => expect(errorTextFor(quantityOf('Oil filter'))).toBe(message));
    expect(errorTextFor(quantityOf('Brake pads'))).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('reads out a refusal about the whole order (409) as an alert', async () => {
    const order = paidOrder();
    renderPanel(order, {
      [shipRoute(order)]: () => problemResponse(409, 'Conflict', shipmentTexts.cannotShip.cancelled),
    });
    fireEvent.change(tracking(), { target: { value: UPS } });
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${shipmentTexts.shipFailed} ${shipmentTexts.cannotShip.cancelled}`,
    );
  });
});

describe('OrderShippingPanel: after the last parcel', () => {
  it('shipping what is left says everything shipped and offers Mark delivered, which announces the delivery', async () => {
    const base = paidOrder();
    const partly: Order = {
      ...base,
      status: 'partially_shipped',
      shipments: [
        shipmentOf(base, 1, [
          [0, 2],
          [1, 1],
        ]),
      ],
    };
    const shipped: Order = {
      ...partly,
      status: 'shipped',
      shippedAt: '2026-11-21T10:00:00.000Z',
      shipments: [...partly.shipments, shipmentOf(base, 2, [[2, 3]])],
    };
    const deliveredRoute = `POST /api/orders/${base.orderNumber}/delivered`;
    const { api } = renderPanel(partly, {
      [shipRoute(base)]: () => jsonResponse(shipped),
      [deliveredRoute]: () =>
        jsonResponse({ ...shipped, status: 'delivered', deliveredAt: '2026-11-23T10:00:00.000Z' }),
    });
    expect(screen.getAllByRole('textbox', { name: /^Units of / })).toHaveLength(1);
    fireEvent.change(tracking(), { target: { value: UPS } });
    submit();

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        shipmentTexts.shipped(2, base.orderNumber, 'UPS', true),
      ),
    );
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByText(shipmentTexts.allShipped)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: shipmentTexts.markDelivered }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(shipmentTexts.delivered(base.orderNumber)),
    );
    expect(api.callsTo(deliveredRoute)).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole('status').parentElement);
    expect(screen.queryByRole('button', { name: shipmentTexts.markDelivered })).toBeNull();
  });

  it('says an unpaid order ships once it is paid, with no form to ship it', () => {
    renderPanel(paidOrder({ status: 'unpaid', paid: false }));
    expect(screen.getByText(shipmentTexts.notShippable)).toBeTruthy();
    expect(screen.queryByRole('button', { name: shipmentTexts.submit })).toBeNull();
  });

  it('a refused delivery is read out beside the button', async () => {
    const order = paidOrder({ status: 'shipped' });
    renderPanel(order, {
      [`POST /api/orders/${order.orderNumber}/delivered`]: () =>
        problemResponse(409, 'Conflict', shipmentTexts.cannotDeliver.partially_shipped),
    });
    fireEvent.click(screen.getByRole('button', { name: shipmentTexts.markDelivered }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      `${shipmentTexts.deliverFailed} ${shipmentTexts.cannotDeliver.partially_shipped}`,
    );
    expect(within(document.body).getByRole('button', { name: shipmentTexts.markDelivered })).toBeTruthy();
  });
});
