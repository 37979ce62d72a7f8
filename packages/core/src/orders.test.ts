import { describe, expect, it } from 'vitest';
import { orderItemCount, orderPartsLabel, type OrderLine } from './orders.js';

const line = (name: string, quantity: number): OrderLine => ({
  lineId: name,
  partNumber: null,
  partId: null,
  name,
  unitPrice: 10,
  quantity,
  total: 10 * quantity,
});

describe('how a list names an order', () => {
  it('keeps an order of one line as the spec shows it: its parts and quantity', () => {
    const order = { parts: 'Brake pads', quantity: 3, lines: [line('Brake pads', 3)] };
    expect(orderPartsLabel(order)).toBe('Brake pads');
    expect(orderItemCount(order)).toBe(3);
  });

  it('names every part of an order of several and counts all their items', () => {
    const two = { parts: 'Brake pads', quantity: 2, lines: [line('Brake pads', 2), line('Chain kit', 1)] };
    expect(orderPartsLabel(two)).toBe('Brake pads and Chain kit');
    expect(orderItemCount(two)).toBe(3);
    const three = { ...two, lines: [...two.lines, line('Sprocket', 4)] };
    expect(orderPartsLabel(three)).toBe('Brake pads, Chain kit and Sprocket');
    expect(orderItemCount(three)).toBe(7);
  });
});
