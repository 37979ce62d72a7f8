import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { useDocumentMeta } from '@/hooks/use-document-meta';

interface BlogAnswer {
  question: string;
  paragraphs: readonly string[];
}

export const BLOG_ANSWERS: readonly BlogAnswer[] = [
  {
    question: 'How can you improve the performance of a React application?',
    paragraphs: [
      'Measure first. The React DevTools Profiler shows which components render, how often and how long each render takes, and the browser’s Performance panel shows long tasks and layout work. Most slow React apps are slow because they do too much work on every render, or ship too much JavaScript before the first paint.',
      'To cut render work, keep state as close as possible to the components that use it, so an update re-renders a small subtree instead of the whole page; split large contexts; and derive values during render instead of copying them into state. The React Compiler, or memo, useMemo and useCallback where profiling shows a real cost, skip work whose inputs did not change. Very long lists should be virtualised so only the visible rows exist in the DOM.',
      'To cut loading time, split the bundle by route with lazy imports, keep heavy libraries out of the first screen, serve images at the size they are shown with width and height set, and let a data library such as TanStack Query cache server data so returning to a screen does not fetch it again.',
    ],
  },
  {
    question: 'What are the different ways to manage state in a React application?',
    paragraphs: [
      'Local state with useState or useReducer is the default: a form field, an open menu or a selected tab belongs to the component that shows it. When two siblings need the same value, lift it to their closest common parent and pass it down as props.',
      'State that many distant components read, such as the signed-in user or a theme, fits React context, or a small store such as Zustand or Redux Toolkit when updates are frequent or the logic is complex. The URL is state too: filters, search terms and the current page belong in the address so they survive a reload and can be shared.',
      'Server data is a different kind of state: it is owned by the server and can go stale. Libraries such as TanStack Query or SWR cache it, deduplicate requests, refetch in the background and handle loading and error states, which removes most of the hand-written global state older apps carried.',
    ],
  },
  {
    question: 'How does prototypal inheritance work in JavaScript?',
    paragraphs: [
      'Every JavaScript object has a hidden link to another object, its prototype. When you read a property that the object does not have itself, the engine follows that link and looks on the prototype, then on the prototype’s prototype, and so on until it finds the property or reaches null. This chain of links is how objects share behaviour without copying it.',
      'Object.create(proto) makes a new object whose prototype is proto. Constructor functions called with new, and the class syntax that is built on top of them, set the new object’s prototype to the constructor’s prototype property, which is why every array can call map: it lives once on Array.prototype. Writing a property always writes to the object itself, so an instance can shadow a shared method without changing it for everyone else.',
    ],
  },
  {
    question: 'Why should you not set state directly in React?',
    paragraphs: [
      'Assigning to a state variable, or mutating an object held in state, changes the value but does not tell React anything happened, so nothing re-renders and the screen stays out of date. The setter returned by useState is how React learns it must schedule a render.',
      'React also compares old and new state by reference to decide whether to re-render and to let memoised components skip work. If you mutate an object in place, the reference does not change, so those checks see no difference and updates are silently lost. Always create a new object or array, for example with spread syntax, and pass it to the setter; when the next value depends on the previous one, use the updater form, setCount((c) => c + 1), so several quick updates are not based on a stale value.',
    ],
  },
  {
    question: 'What is a unit test, and why should you write them?',
    paragraphs: [
      'A unit test checks one small piece of code, such as a function, a hook or a component, in isolation: it sets up an input, runs the code and asserts on the result. Because unit tests are small and fast, you can run hundreds of them in seconds on every change.',
      'They catch regressions the moment they are introduced, long before a customer does; they document how the code is meant to be used; and they give you the confidence to refactor, because a green run tells you behaviour did not change. Writing a test also exposes awkward designs early: code that is hard to test is usually doing too much. Good tests check behaviour that users or callers rely on, not internal details, so they only fail when something meaningful broke.',
    ],
  },
  {
    question: 'How do you find a product by name in an array of products?',
    paragraphs: [
      'Use Array.prototype.find, which returns the first element for which your callback returns true, or undefined when none matches: products.find((product) => product.name === name). To match regardless of letter case, compare normalised strings, for example product.name.toLowerCase() === name.trim().toLowerCase().',
      'When you need every match rather than the first, for example for a search box that matches part of a name, use filter with includes: products.filter((product) => product.name.toLowerCase().includes(term.toLowerCase())). If you look names up very often in a large list, build a Map from name to product once, so each lookup takes constant time instead of scanning the whole array.',
    ],
  },
  {
    question: 'What is the difference between props and state in React?',
    paragraphs: [
      'Props are the inputs a component receives from its parent. They are read-only inside the component: a component never changes its own props, it renders from them. State is data a component owns and changes over time, such as what the user typed, and changing it through its setter makes the component render again.',
      'A useful rule is to keep as little state as possible and compute everything else during render from props and state. When a child needs to change something its parent owns, the parent passes down a callback as a prop, and the data keeps flowing one way: down as props, up as events.',
    ],
  },
];

export function BlogRoute() {
  useDocumentMeta(
    'Blog',
    'Answers to common web-development questions: React performance, state management, prototypal inheritance, unit tests and more.',
  );

  return (
    <PageContainer>
      <PageHeader title="Blog" eyebrow="From the workshop">
        <p>Short answers to the web-development questions our engineers hear most. Open one to read it.</p>
      </PageHeader>
      <div className="flex max-w-3xl flex-col gap-4">
        {BLOG_ANSWERS.map((answer) => (
          <details
            key={answer.question}
            className="group rounded-2xl border border-slate-200 bg-white shadow-sm open:shadow-md"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl p-5 text-lg font-semibold text-slate-900 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              {answer.question}
              <svg
                viewBox="0 0 20 20"
                className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180"
                fill="none"
                aria-hidden="true"
              >
                <path d="m5 7.5 5 5 5-5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </summary>
            <div className="flex flex-col gap-4 border-t border-slate-200 px-5 pt-4 pb-6 leading-relaxed text-slate-700">
              {answer.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 40)}>{paragraph}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </PageContainer>
  );
}
