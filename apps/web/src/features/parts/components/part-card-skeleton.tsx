/** A grey stand-in with the card's exact footprint, so nothing shifts when parts arrive. */
export function PartCardSkeleton() {
  return (
    <div
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white"
      aria-hidden="true"
    >
      <div className="aspect-[4/3] w-full bg-slate-100 motion-safe:animate-pulse" />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="h-5 w-4/5 rounded bg-slate-200" />
        <div className="h-4 w-1/2 rounded bg-slate-100" />
        <div className="h-4 w-28 rounded bg-slate-100" />
        <div className="space-y-2">
          <div className="h-3.5 w-full rounded bg-slate-100" />
          <div className="h-3.5 w-full rounded bg-slate-100" />
          <div className="h-3.5 w-2/3 rounded bg-slate-100" />
        </div>
        <div className="mt-auto flex items-end justify-between pt-2">
          <div className="space-y-2">
            <div className="h-7 w-24 rounded bg-slate-200" />
            <div className="h-4 w-20 rounded bg-slate-100" />
          </div>
          <div className="h-11 w-24 rounded-lg bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
