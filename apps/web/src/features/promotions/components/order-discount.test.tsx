import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { promotionsTexts } from '@pitstop/core/promotions-texts';
import { OrderLinesSection } from '@/features/orders/components/order-page/order-lines-section';
import { createOrderDetail } from '@/testing/order-detail-factory';
import { renderWithProviders } from '@/testing/render';

const amountOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the order page’s totals with a discount code', () => {
  it('show the code’s line between the subtotal and the tax', () => {
    renderWithProviders(
      <OrderLinesSection
        order={createOrderDetail({
          subtotal: 172.47,
          discount: 17.25,
          discountCode: 'SPRING10',
          tax: 11.25,
          total: 166.47,
        })}
      />,
    );
    expect(amountOf(promotionsTexts.summaryLine('SPRING10'))).toBe('−$17.25');
    const terms = screen.getAllByText(/./, { selector: 'dt' }).map((dt) => dt.textContent);
    expect(terms.indexOf(promotionsTexts.summaryLine('SPRING10'))).toBe(1);
  });

  it('say nothing of a discount when none was taken', () => {
    renderWithProviders(<OrderLinesSection order={createOrderDetail({ discount: 0, discountCode: null })} />);
    expect(screen.queryByText(/^Discount/)).toBeNull();
  });
});
