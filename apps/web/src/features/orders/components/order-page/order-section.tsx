import type { ReactNode } from 'react';

interface OrderSectionProps {
  /** The section's heading id, so the region is named by its heading. */
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}

/** One card of an order page: a titled region, so a screen reader can jump between sections. */
export function OrderSection({ id, title, children, className = '' }: OrderSectionProps) {
  return (
    <section
      aria-labelledby={id}
      className={`flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}
    >
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The "nothing yet" line of a section. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return <p className="text-slate-600">{children}</p>;
}
