import type { ReactNode } from 'react';

export const containerClass = 'mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8';

/** The width, gutters and vertical rhythm every screen shares. */
export function PageContainer({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`${containerClass} py-10 sm:py-14 ${className}`}>{children}</div>;
}

interface PageHeaderProps {
  title: string;
  eyebrow?: string;
  children?: ReactNode;
}

/** A screen's h1 with an optional eyebrow and lead paragraph. */
export function PageHeader({ title, eyebrow, children }: PageHeaderProps) {
  return (
    <div className="mb-8 flex max-w-3xl flex-col gap-3 sm:mb-10">
      {eyebrow ? (
        <p className="text-sm font-semibold uppercase tracking-wide text-red-700">{eyebrow}</p>
      ) : null}
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {children ? <div className="text-lg leading-relaxed text-slate-600">{children}</div> : null}
    </div>
  );
}
