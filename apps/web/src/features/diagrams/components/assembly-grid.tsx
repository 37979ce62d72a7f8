import { useId, useState } from 'react';
import { Link } from 'react-router';
import { diagramAssemblyPath, type DiagramBike } from '@pitstop/core/diagram-paths';
import { diagramTexts } from '@pitstop/core/diagram-texts';
import type { AssemblySummary } from '@pitstop/core/diagrams';
import { diagramScreenTexts } from '@pitstop/core/diagram-screen-texts';
import { inputClass } from '@/components/ui/form-field';

/** Assemblies whose name holds every word typed, in any order and case. */
export function filterAssemblies(assemblies: AssemblySummary[], text: string): AssemblySummary[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return assemblies;
  return assemblies.filter((a) => {
    const name = a.name.toLowerCase();
    return words.every((w) => name.includes(w));
  });
}

interface AssemblyGridProps {
  bike: DiagramBike;
  assemblies: AssemblySummary[];
}

/** The bike's assemblies as a grid of drawings, narrowed by a search box as one types. */
export function AssemblyGrid({ bike, assemblies }: AssemblyGridProps) {
  const id = useId();
  const [text, setText] = useState('');
  const shown = filterAssemblies(assemblies, text);

  if (assemblies.length === 0) return <p className="text-lg text-slate-600">{diagramTexts.noAssemblies}</p>;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex max-w-md flex-col gap-1.5">
        <label htmlFor={`${id}-search`} className="text-sm font-semibold text-slate-800">
          {diagramTexts.searchLabel}
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={text}
          placeholder={diagramTexts.searchPlaceholder}
          onChange={(event) => setText(event.target.value)}
          aria-controls={`${id}-grid`}
          className={inputClass}
        />
      </div>
      <p role="status" className={shown.length === 0 ? 'text-slate-700' : 'sr-only'}>
        {shown.length === 0 ? diagramTexts.noMatches(text.trim()) : diagramScreenTexts.shown(shown.length)}
      </p>
      <ul id={`${id}-grid`} className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 lg:gap-6">
        {shown.map((assembly, index) => (
          <li key={assembly.id}>
            <Link
              to={diagramAssemblyPath(bike, assembly.slug)}
              className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm outline-none hover:border-slate-400 focus-visible:ring-4 focus-visible:ring-red-700/40"
            >
              {/* The picture's 320 px copy (the API names it): a column is 160–290 px wide. The
                  box holds the drawings' 4:3 before it arrives. */}
              <img
                src={assembly.thumbnail}
                width={320}
                height={240}
                alt=""
                // The first row is in view on arrival; the rest wait for the scroll.
                loading={index < 4 ? 'eager' : 'lazy'}
                className="block aspect-[4/3] h-auto w-full bg-slate-50 object-contain"
              />
              <span className="flex flex-1 flex-col gap-0.5 border-t border-slate-200 p-3">
                <span className="font-semibold text-slate-900 group-hover:underline">{assembly.name}</span>
                <span className="text-sm text-slate-600">{diagramTexts.callouts(assembly.calloutCount)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
