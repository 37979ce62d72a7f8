import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { PageContainer } from './page-container';
import { PageLoading } from './page-loading';

export interface DashboardLink {
  to: string;
  label: string;
  /** Active only on this exact path (the dashboard's index). */
  end?: boolean;
  /** Shown active also on the pages under this path, which belong to it (an order under All Orders). */
  section?: string;
}

const inSection = (pathname: string, section: string | undefined) =>
  section !== undefined && pathname.startsWith(section);

function linkClass({ isActive }: { isActive: boolean }): string {
  return `flex min-h-11 items-center rounded-lg px-3 py-2.5 text-sm font-medium ${
    isActive ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;
}

/**
 * The dashboard's frame (spec §2): a side menu beside the current sub-screen. The menu stays up
 * while a sub-screen's code loads.
 */
export function DashboardLayout({ links }: { links: readonly DashboardLink[] }) {
  const { pathname } = useLocation();
  return (
    <PageContainer>
      <div className="grid gap-8 lg:grid-cols-[14rem_1fr]">
        <aside>
          <nav aria-label="Dashboard" className="rounded-2xl border border-slate-200 bg-slate-50 p-3">
            <ul className="flex flex-wrap gap-1 lg:flex-col">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end ?? false}
                    className={({ isActive }) =>
                      linkClass({ isActive: isActive || inSection(pathname, link.section) })
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <div className="min-w-0">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </PageContainer>
  );
}
