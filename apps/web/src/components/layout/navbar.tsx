import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { headerSearchTexts } from '@pitstop/core/header-search';
import { cartUiTexts } from '@pitstop/core/messages';
import { Avatar } from '@/components/ui/avatar';
import { buttonStyles } from '@/components/ui/button-styles';
import { useCartCount } from '@/lib/cart';
import { useCurrentUser } from '@/lib/current-user';
import { useSignOut } from '@/lib/sign-out';

export const NAV_LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/parts', label: 'Parts', end: false },
  { to: '/blog', label: 'Blog', end: false },
  { to: '/about', label: 'About', end: false },
  { to: '/portfolio', label: 'My Portfolio', end: false },
] as const;

/** Shown only when signed in (spec §2). */
export const ACCOUNT_LINKS = [
  { to: '/order', label: 'My Orders', end: false },
  { to: '/quick-order', label: 'Quick order', end: false },
  { to: '/company', label: 'Company', end: false },
  { to: '/profile', label: 'Profile', end: false },
  { to: '/dashboard', label: 'Dashboard', end: false },
] as const;

export function BrandMark({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={`size-8 shrink-0 ${className}`} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#0f172a" />
      <circle cx="16" cy="16" r="9.5" fill="none" stroke="#dc2626" strokeWidth="3.5" />
      <circle cx="16" cy="16" r="3" fill="#f8fafc" />
      <path
        d="M16 6.5v4M16 21.5v4M6.5 16h4M21.5 16h4"
        stroke="#f8fafc"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return `block rounded-lg px-3 py-2.5 text-base font-medium lg:px-2.5 lg:py-2 lg:text-sm ${
    isActive
      ? 'bg-slate-100 text-red-700 underline decoration-2 underline-offset-[6px]'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;
}

/** The signed-in end of the navbar: who is signed in, and Logout. */
function AccountControls({ onNavigate }: { onNavigate: () => void }) {
  const user = useCurrentUser();
  const { signOut, isPending } = useSignOut();
  const navigate = useNavigate();

  async function logout() {
    onNavigate();
    // Leave first: a guarded screen would otherwise send the now signed-out visitor to /login.
    await navigate('/');
    await signOut();
  }

  return (
    <li className="mt-2 flex items-center gap-3 border-t border-slate-200 pt-3 lg:mt-0 lg:ml-2 lg:border-0 lg:pt-0">
      {user.data ? (
        <Avatar name={user.data.name} image={user.data.image} />
      ) : (
        <span
          className="size-9 shrink-0 rounded-full bg-slate-200 motion-safe:animate-pulse"
          aria-hidden="true"
        />
      )}
      {/* The avatar already names the user to screen readers; this is for eyes on small screens. */}
      <span
        aria-hidden="true"
        className="min-w-0 flex-1 truncate text-sm font-medium text-slate-700 lg:hidden"
      >
        {user.data?.name}
      </span>
      <button
        type="button"
        className={buttonStyles('secondary', 'md')}
        disabled={isPending}
        onClick={() => void logout()}
      >
        {isPending ? 'Logging out…' : 'Logout'}
      </button>
    </li>
  );
}

/**
 * The cart and how many items it holds. Outside the phone menu, so it is one tap away on every
 * screen. The count is read from the browser, so the server and the first render in the browser
 * show the plain cart; the number appears right after hydration.
 */
function CartLink({ onNavigate }: { onNavigate: () => void }) {
  const count = useCartCount();
  return (
    <NavLink
      to="/cart"
      onClick={onNavigate}
      aria-label={cartUiTexts.navLabel(count)}
      className={({ isActive }) =>
        buttonStyles(
          'ghost',
          'md',
          `relative min-w-11 max-sm:px-2.5 ${isActive ? 'bg-slate-100 text-red-700' : ''}`,
        )
      }
    >
      <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
        <path
          d="M3 4h2l2.5 11h10l2.5-7H6.5M10 20a1 1 0 1 1 0-.1M17 20a1 1 0 1 1 0-.1"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-xs leading-5 font-bold text-white"
        >
          {count}
        </span>
      ) : null}
    </NavLink>
  );
}

/** What the header hands its search box: how to hide the phone's panel, when it is open. */
export interface HeaderSearchSlot {
  /** Escape in the box with its list closed hides the phone's panel (undefined: not open). */
  onDismiss: (() => void) | undefined;
}

/**
 * A disclosure that belongs to the location it was opened at, so any navigation (a click,
 * back/forward) closes it without extra state. Escape anywhere closes it and puts focus back on
 * its button: a document listener is an outside system. An Escape a control inside already
 * handled (the search box closing its suggestions) is left to that control.
 */
function useDisclosure(buttonRef: RefObject<HTMLButtonElement | null>) {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const close = () => setOpenAt(null);
  const dismiss = () => {
    setOpenAt(null);
    buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpenAt(null);
      buttonRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, buttonRef]);

  return { open, close, dismiss, toggle: () => setOpenAt(open ? null : location.key) };
}

const SEARCH_ICON = 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13Zm4.6-1.9L20 20';

/**
 * The shop's navbar. On small screens the links sit behind a disclosure button, and so does the
 * search box (its own button, so it is one tap from every page); from 768 px up the box is a row
 * of the header. Both are in the server's HTML at their final size, so nothing moves as the page
 * comes alive. Signed in, it adds the account links, the avatar and Logout.
 */
export function Navbar({ renderSearch }: { renderSearch?: (slot: HeaderSearchSlot) => ReactNode }) {
  const menuId = useId();
  const searchId = useId();
  const { pathname } = useLocation();
  const { isSignedIn } = useCurrentUser();
  const links = isSignedIn ? [...NAV_LINKS, ...ACCOUNT_LINKS] : NAV_LINKS;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchButtonRef = useRef<HTMLButtonElement>(null);
  const menu = useDisclosure(buttonRef);
  const search = useDisclosure(searchButtonRef);
  const { open } = menu;
  // On the catalogue, where searching is what the page is for, the box is shown on phones too.
  const searchPinned = pathname === '/parts';
  const searchShown = searchPinned || search.open;

  // The phone's search button opened the box: type straight away (the DOM is the outside system).
  const searchRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (search.open) searchRef.current?.querySelector('input')?.focus();
  }, [search.open]);

  const close = () => {
    menu.close();
    search.close();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-2 px-4 py-3 sm:gap-x-6 sm:px-6 lg:px-8">
        <Link to="/" className="flex items-center gap-2.5 rounded-lg py-1 max-[359px]:gap-2" onClick={close}>
          <BrandMark />
          {/* A size smaller below 640 px, and one more below 360 px: the logo and the three 44 px
            buttons share a phone's row, a 320 px one too. */}
          <span className="text-lg font-extrabold tracking-tight text-slate-900 max-[359px]:text-base sm:text-xl">
            Pitstop <span className="text-red-700">Parts</span>
          </span>
        </Link>

        <div className="flex items-center gap-1 lg:order-last">
          {renderSearch && !searchPinned ? (
            <button
              ref={searchButtonRef}
              type="button"
              className={buttonStyles('ghost', 'md', 'min-w-11 max-md:px-2.5 md:hidden')}
              aria-label={headerSearchTexts.openSearch}
              aria-expanded={search.open}
              aria-controls={searchId}
              onClick={search.toggle}
            >
              <svg viewBox="0 0 24 24" className="size-6" fill="none" aria-hidden="true">
                <path d={SEARCH_ICON} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          ) : null}
          <CartLink onNavigate={close} />
          <button
            ref={buttonRef}
            type="button"
            // Below 640 px the word is for screen readers only: the search button needs the room.
            className={buttonStyles('ghost', 'md', 'min-w-11 max-sm:px-2.5 lg:hidden')}
            aria-expanded={open}
            aria-controls={menuId}
            onClick={menu.toggle}
          >
            <svg viewBox="0 0 24 24" className="size-6" fill="none" aria-hidden="true">
              <path
                d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            <span className="sr-only sm:not-sr-only">Menu</span>
          </button>
        </div>

        <nav
          id={menuId}
          aria-label="Main"
          className={`${open ? 'block' : 'hidden'} w-full pb-2 lg:ml-auto lg:block lg:w-auto lg:pb-0`}
        >
          <ul className="flex flex-col gap-1 pt-3 lg:flex-row lg:items-center lg:pt-0">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={navLinkClass} onClick={close}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {isSignedIn ? (
              <AccountControls onNavigate={close} />
            ) : (
              <li className="mt-2 lg:mt-0 lg:ml-3">
                <NavLink
                  to="/login"
                  onClick={close}
                  className={({ isActive }) =>
                    buttonStyles(isActive ? 'secondary' : 'primary', 'md', 'w-full lg:w-auto')
                  }
                >
                  Log In
                </NavLink>
              </li>
            )}
          </ul>
        </nav>

        {renderSearch ? (
          <div
            ref={searchRef}
            id={searchId}
            className={`${searchShown ? 'block' : 'hidden'} w-full pt-3 md:block lg:order-last`}
          >
            <div className="mx-auto max-w-3xl">
              {renderSearch({ onDismiss: search.open ? search.dismiss : undefined })}
            </div>
          </div>
        ) : null}
      </div>
    </header>
  );
}
