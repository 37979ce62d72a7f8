import { Spinner } from '@/components/ui/spinner';

/** Shown in the main area while a screen's code arrives on the very first load. */
export function PageLoading() {
  return (
    <div className="mx-auto flex max-w-7xl justify-center px-4 py-24">
      <Spinner label="Loading page" />
    </div>
  );
}
