import { Link } from 'react-router';
import { COMPANY_ROLE_HELP, COMPANY_ROLE_NAMES, companyTexts } from '@pitstop/core/companies-texts';
import { authErrorTexts } from '@pitstop/core/messages';
import { buttonStyles } from '@/components/ui/button-styles';
import { ErrorNotice, StatusNotice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { problemText } from '@/lib/error-text';
import { useIsSignedIn } from '@/lib/session';
import { useAcceptInvitation, useInvitationPreview } from '../api/companies-api';

/**
 * /company/join/:token: what the invitation offers, to anyone with the link; signed in, Accept;
 * signed out, sign in or register and come back here (`?from=`).
 */
export function JoinPage({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  const signedIn = useIsSignedIn();
  const accept = useAcceptInvitation(token);
  const here = `/company/join/${encodeURIComponent(token)}`;

  if (preview.isPending) return <Spinner label={companyTexts.joinTitle} className="justify-start py-6" />;
  if (preview.isError || !preview.data) {
    return <ErrorNotice message={problemText(preview.error, companyTexts.invitationNotFound)} />;
  }
  const { companyName, role, email } = preview.data;
  if (accept.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <StatusNotice message={companyTexts.joined(companyName)} />
        <div>
          <Link to="/company" className={buttonStyles('primary', 'md')}>
            {companyTexts.goToCompany}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="flex max-w-2xl flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <p className="text-lg text-slate-900">
        {companyTexts.joinLead(companyName, COMPANY_ROLE_NAMES[role].toLowerCase())}
      </p>
      <p className="text-slate-700">{COMPANY_ROLE_HELP[role]}</p>
      <p className="text-slate-700">{email}</p>
      {signedIn ? (
        <>
          <ErrorNotice message={accept.isError ? problemText(accept.error, authErrorTexts.generic) : null} />
          <div>
            <button
              type="button"
              className={buttonStyles('primary', 'md')}
              onClick={() => accept.mutate()}
              disabled={accept.isPending}
            >
              {accept.isPending ? companyTexts.accepting : companyTexts.accept}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="text-slate-700">{companyTexts.joinSignIn}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={`/login?from=${encodeURIComponent(here)}`} className={buttonStyles('primary', 'md')}>
              {companyTexts.signIn}
            </Link>
            <Link
              to={`/register?from=${encodeURIComponent(here)}`}
              className={buttonStyles('secondary', 'md')}
            >
              {companyTexts.register}
            </Link>
          </div>
        </>
      )}
    </div>
  );
}
