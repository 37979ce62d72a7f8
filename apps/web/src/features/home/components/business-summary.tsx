/** Fixed marketing figures from the spec; they never come from the server. */
export const BUSINESS_FIGURES = [
  { value: '25.6K', label: 'Likes' },
  { value: '2.6M', label: 'Page views' },
  { value: '86%', label: 'Tasks done' },
] as const;

export function BusinessSummary() {
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {BUSINESS_FIGURES.map((figure) => (
        <div
          key={figure.label}
          className="flex flex-col-reverse items-center gap-1 rounded-2xl bg-slate-900 px-6 py-8 text-center"
        >
          <dt className="text-sm font-medium uppercase tracking-wide text-slate-300">{figure.label}</dt>
          <dd className="text-4xl font-bold tracking-tight text-white sm:text-5xl">{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}
