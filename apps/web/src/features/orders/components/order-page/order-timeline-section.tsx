import type { OrderDetail } from '@pitstop/core/order-detail';
import { ORDER_EVENT_LABELS, orderPageTexts as t } from '@pitstop/core/order-page-texts';
import { lazyDateFormat } from '@/lib/date-format';
import { EmptyLine, OrderSection } from './order-section';

const dateTime = lazyDateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** Every change to the order, oldest first: what, who and when. */
export function OrderTimelineSection({ order }: { order: OrderDetail }) {
  return (
    <OrderSection id="order-timeline" title={t.timelineHeading}>
      {order.events.length === 0 ? (
        <EmptyLine>{t.noEvents}</EmptyLine>
      ) : (
        <ol className="flex flex-col border-l-2 border-slate-200 pl-4">
          {order.events.map((event, index) => (
            // Events have no id; the list only ever grows at its end.
            <li
              key={index}
              className="relative flex flex-col gap-0.5 pb-4 wrap-anywhere last:pb-0 before:absolute before:top-1.5 before:-left-[1.4rem] before:size-2.5 before:rounded-full before:bg-red-700 before:content-['']"
            >
              <span className="font-semibold text-slate-900">
                {ORDER_EVENT_LABELS[event.kind]}
                {event.detail ? (
                  <span className="font-normal text-slate-700">{`: ${event.detail}`}</span>
                ) : null}
              </span>
              <span className="text-sm text-slate-600">
                <time dateTime={event.at}>{dateTime.format(new Date(event.at))}</time>
                {` · ${event.actor}`}
              </span>
            </li>
          ))}
        </ol>
      )}
    </OrderSection>
  );
}
