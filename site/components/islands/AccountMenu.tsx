import { useEffect, useId, useRef, useState } from 'react';
import { localStorageOf, writeAuthInfo } from '../../../shared/auth-info.ts';
import { accountEntryIn, type AccountEntry } from '../../../shared/account-entry.ts';
import { IslandBoundary } from './IslandBoundary.tsx';

/**
 * The header's account entry on every page. Signed out: a "Sign in" link. Signed in: the first
 * name, opening a short list (orders, saved carts, saved cards, sign out). A disclosure, not an
 * ARIA menu: Tab moves through its links, Escape closes it and returns to the button.
 */
export interface AccountMenuProps {
  /** The pages it links to, in the page's language. */
  paths: { login: string; account: string; payment: string; home: string };
  /** Its words in the page's language (site/i18n.ts); `yours` has {name} for the first name. */
  words: {
    signIn: string;
    yours: string;
    orders: string;
    savedCarts: string;
    savedCards: string;
    signOut: string;
    signingOut: string;
    noName: string;
  };
}

function AccountMenuEntry({ paths, words }: AccountMenuProps) {
  // The static HTML says "Sign in"; the browser knows better once this island wakes.
  const [entry, setEntry] = useState<AccountEntry>({ signedIn: false });
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const listId = useId();

  // eslint-disable-next-line react-hooks/set-state-in-effect -- the cookie and storage are known only in the browser
  useEffect(() => setEntry(accountEntryIn(window)), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!entry.signedIn) {
    return (
      <a className="account-entry" href={paths.login}>
        <PersonIcon />
        <span className="account-entry-text">{words.signIn}</span>
      </a>
    );
  }

  const firstName = entry.firstName ?? words.noName;
  const signOut = async () => {
    setLeaving(true);
    // The API client only when someone signs out: every page carries this island.
    const { createApiClient } = await import('../../../shared/api/client.ts');
    const api = createApiClient({ baseUrl: '', readCookie: () => document.cookie });
    await api.csrf();
    await api.signout();
    writeAuthInfo(localStorageOf(window), null);
    window.location.assign(paths.home);
  };

  return (
    <div className="account-menu" ref={box}>
      <button
        ref={button}
        type="button"
        className="account-entry"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={words.yours.replace('{name}', firstName)}
        onClick={() => setOpen(!open)}
      >
        <PersonIcon />
        <span className="account-entry-text">{firstName}</span>
      </button>
      <ul id={listId} className="account-menu-list" hidden={!open}>
        <li>
          <a href={`${paths.account}#orders`}>{words.orders}</a>
        </li>
        <li>
          <a href={`${paths.account}#saved-carts`}>{words.savedCarts}</a>
        </li>
        <li>
          <a href={paths.payment}>{words.savedCards}</a>
        </li>
        <li>
          <button type="button" disabled={leaving} onClick={() => void signOut()}>
            {leaving ? words.signingOut : words.signOut}
          </button>
        </li>
      </ul>
    </div>
  );
}

function PersonIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M4 21a8 8 0 0 1 16 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export default function AccountMenu(props: AccountMenuProps) {
  return (
    <IslandBoundary>
      <AccountMenuEntry {...props} />
    </IslandBoundary>
  );
}
