import type { ReactNode } from 'react';
import { PageContainer } from '@/components/layout/page-container';

interface AuthCardProps {
  title: string;
  lead?: string;
  children: ReactNode;
}

/** The centred card the sign-in, registration and password screens share. */
export function AuthCard({ title, lead, children }: AuthCardProps) {
  return (
    <PageContainer>
      <div className="mx-auto flex max-w-md flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
          {lead ? <p className="leading-relaxed text-slate-600">{lead}</p> : null}
        </div>
        {children}
      </div>
    </PageContainer>
  );
}
