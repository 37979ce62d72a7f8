import { Spinner } from '@/components/ui/spinner';

/** Holds the detail page's shape while the part loads. */
export function PartDetailsSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <Spinner label="Loading part" className="justify-start" />
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12" aria-hidden="true">
        <div className="aspect-[4/3] w-full rounded-2xl bg-slate-100 motion-safe:animate-pulse" />
        <div className="flex flex-col gap-5">
          <div className="h-4 w-40 rounded bg-slate-100" />
          <div className="h-10 w-4/5 rounded bg-slate-200" />
          <div className="h-5 w-1/2 rounded bg-slate-100" />
          <div className="h-10 w-32 rounded bg-slate-200" />
          <div className="grid grid-cols-3 gap-3">
            <div className="h-16 rounded-xl bg-slate-100" />
            <div className="h-16 rounded-xl bg-slate-100" />
            <div className="h-16 rounded-xl bg-slate-100" />
          </div>
          <div className="h-24 rounded bg-slate-100" />
        </div>
      </div>
    </div>
  );
}
