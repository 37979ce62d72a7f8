import { lazy, Suspense, useState } from 'react';
import { PageContainer, PageHeader } from '@/components/layout/page-container';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { CreditOffer } from '@/features/credit/components/credit-offer';
import { CompanyOffer } from '@/features/companies/components/company-offer';
import { ProfileSummary } from '@/features/profile/components/profile-summary';
import { UserInfoForm } from '@/features/profile/components/user-info-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useCurrentUser } from '@/lib/current-user';

const PROFILE_SAVED = 'Profile saved';

// The saved cards and the 1-Click switch (issue #28) load after the profile itself.
const SavedCardsSection = lazy(() =>
  import('@/features/cards/components/saved-cards-section').then((m) => ({ default: m.SavedCardsSection })),
);

// The address book (issue #28) likewise.
const AddressBookSection = lazy(() =>
  import('@/features/addresses/components/address-book-section').then((m) => ({
    default: m.AddressBookSection,
  })),
);

/** /profile: the signed-in user's profile and the user-information form. */
export function ProfileRoute() {
  useDocumentMeta('Profile', 'Your Pitstop Parts profile: name, photo and occupation.');
  const user = useCurrentUser();
  const [saved, setSaved] = useState(false);

  return (
    <PageContainer>
      <PageHeader title="Profile">Keep your name, photo and occupation up to date.</PageHeader>
      <p
        role="status"
        className={
          saved
            ? 'mb-6 rounded-xl border border-green-200 bg-green-50 px-5 py-3 font-medium text-green-900'
            : 'sr-only'
        }
      >
        {saved ? PROFILE_SAVED : ''}
      </p>
      {/* Data first: a failed background refetch must not replace a form being filled in. */}
      {!user.data ? (
        user.isPending ? (
          <Spinner label="Loading your profile" className="py-16" />
        ) : (
          <QueryError onRetry={() => void user.refetch()} retrying={user.isFetching} />
        )
      ) : (
        <div className="grid items-start gap-8 lg:grid-cols-[20rem_1fr]">
          <div className="flex flex-col gap-6">
            <ProfileSummary profile={user.data} />
            {/* Paying on account starts here too, not only from the About page (issue #28). */}
            <CreditOffer className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" />
            <CompanyOffer className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" />
          </div>
          <div className="flex flex-col gap-8">
            {/* A new photo on the account starts the form afresh (the file picker empties). */}
            <UserInfoForm
              key={user.data.image ?? 'no-photo'}
              profile={user.data}
              onSaved={() => setSaved(true)}
            />
            <Suspense fallback={null}>
              <AddressBookSection />
            </Suspense>
            <Suspense fallback={null}>
              <SavedCardsSection />
            </Suspense>
          </div>
        </div>
      )}
    </PageContainer>
  );
}
