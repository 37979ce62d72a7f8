import type { Profile } from '@pitstop/core/accounts';
import { Avatar } from '@/components/ui/avatar';

/** Who is signed in: photo, name, email, occupation and whether the email is verified. */
export function ProfileSummary({ profile }: { profile: Profile }) {
  return (
    <section
      aria-labelledby="profile-summary-heading"
      className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <h2 id="profile-summary-heading" className="sr-only">
        Your profile
      </h2>
      <Avatar name={profile.name} image={profile.image} size="lg" />
      <div className="flex flex-col gap-1">
        <p className="text-xl font-bold text-slate-900">{profile.name}</p>
        <p className="break-all text-slate-600">{profile.email}</p>
      </div>
      <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 border-t border-slate-200 pt-4 text-left text-sm">
        <dt className="font-semibold text-slate-700">Occupation</dt>
        <dd className="text-slate-900">{profile.occupation ?? 'Not set yet'}</dd>
        <dt className="font-semibold text-slate-700">Email</dt>
        <dd className="text-slate-900">
          {profile.emailVerified ? 'Verified' : 'Not verified yet: check your inbox'}
        </dd>
        {profile.role === 'admin' ? (
          <>
            <dt className="font-semibold text-slate-700">Role</dt>
            <dd className="text-slate-900">Admin</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
