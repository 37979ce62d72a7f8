import { type ChildProcess } from 'node:child_process';
export declare const repoRoot: string;
export declare function freePort(): Promise<number>;
export interface RunningServer {
    url: string;
    child: ChildProcess;
    stop(): Promise<void>;
}
/** Starts the built server (npm run build first) on 127.0.0.1 and waits until it is ready. */
export declare function startShop(env: Record<string, string>): Promise<RunningServer>;
