import { PageContainer } from '@/components/layout/page-container';
import { useDocumentMeta } from '@/hooks/use-document-meta';

const SKILLS = [
  'TypeScript and modern JavaScript',
  'React, React Router and TanStack Query',
  'Node.js with Fastify and PostgreSQL',
  'Tailwind CSS and accessible, responsive design',
  'Testing with Vitest, Testing Library and Playwright',
  'Web performance and Core Web Vitals',
] as const;

const PROJECTS = [
  {
    name: 'Pitstop Parts',
    text: 'This shop: a React storefront and a Fastify API selling genuine motorcycle parts across 48 states.',
  },
  {
    name: 'Fleet Tracker',
    text: 'A dashboard for a regional courier that shows service schedules and part wear for 200 delivery bikes.',
  },
  {
    name: 'Garage Booking',
    text: 'An appointment system for independent repair shops, with reminders by email and text message.',
  },
] as const;

export function PortfolioRoute() {
  useDocumentMeta(
    'My Portfolio',
    'Maya Chen, founding engineer of Pitstop Parts: full-stack web developer, skills and projects.',
  );

  return (
    <PageContainer>
      <div className="mx-auto flex max-w-3xl flex-col gap-10">
        <div className="rounded-3xl border border-slate-200 bg-white p-8 shadow-sm sm:p-10">
          <p className="text-sm font-semibold uppercase tracking-wide text-red-700">My Portfolio</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Maya Chen</h1>
          <p className="mt-1 text-lg text-slate-600">Founding engineer, Pitstop Parts · Austin, Texas</p>
          <div className="mt-6 flex flex-col gap-4 leading-relaxed text-slate-700">
            <p>
              I am a full-stack web developer who grew up in my father’s motorcycle workshop, which is how an
              online parts shop became my first big project. I built Pitstop Parts from the first commit: the
              storefront you are using, the API behind it, and the tooling that keeps both fast and reliable.
            </p>
            <p>
              I care about software that people can trust: pages that load quickly on a phone at the roadside,
              that work with a keyboard and a screen reader, and that never lose an order. Outside work I
              restore old trail bikes and mentor new developers at a local coding school.
            </p>
          </div>
        </div>

        <section aria-labelledby="portfolio-skills">
          <h2 id="portfolio-skills" className="text-2xl font-bold tracking-tight text-slate-900">
            Skills
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {SKILLS.map((skill) => (
              <li
                key={skill}
                className="rounded-full border border-slate-200 bg-slate-50 px-4 py-2 text-sm font-medium text-slate-800"
              >
                {skill}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="portfolio-projects">
          <h2 id="portfolio-projects" className="text-2xl font-bold tracking-tight text-slate-900">
            Projects
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {PROJECTS.map((project) => (
              <li key={project.name} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <h3 className="font-semibold text-slate-900">{project.name}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{project.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </PageContainer>
  );
}
