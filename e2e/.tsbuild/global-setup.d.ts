import type { TestProject } from 'vitest/node';
declare module 'vitest' {
    interface ProvidedContext {
        baseURL: string;
    }
}
/** The real server, built as `npm start` builds it, on a throw-away embedded database. */
export default function setup(project: TestProject): Promise<() => Promise<void>>;
