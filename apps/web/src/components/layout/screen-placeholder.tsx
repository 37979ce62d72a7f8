import type { ReactNode } from 'react';

interface ScreenPlaceholderProps {
  title: string;
  children: ReactNode;
}

/** A screen whose content arrives in a later issue: its heading, and a line on what will be here. */
export function ScreenPlaceholder({ title, children }: ScreenPlaceholderProps) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <div className="max-w-2xl rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6 leading-relaxed text-slate-700">
        {children}
      </div>
    </div>
  );
}
