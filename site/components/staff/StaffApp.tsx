import { useEffect, useMemo, useState } from 'react';
import type { StaffSessionAnswer } from '../../../shared/api/staff.ts';
import { LOADING } from '../../../shared/api/messages.ts';
import { IslandBoundary } from '../islands/IslandBoundary.tsx';
import { OrderBoard } from './OrderBoard.tsx';
import { createStaffApi } from './staff-api.ts';
import { createStaffSession, SESSION_ENDED, type StaffSession } from './staff-session.ts';
import { StaffSetPassword } from './StaffSetPassword.tsx';
import { StaffSignIn } from './StaffSignIn.tsx';

type Screen =
  | { kind: 'starting' }
  | { kind: 'signed-out'; notice?: string | undefined }
  | { kind: 'set-password'; token: string }
  | { kind: 'board'; session: StaffSession };

/**
 * Whether this browser was signed in to the board: only then is the refresh cookie worth asking
 * about (it is httpOnly, so the page cannot see it), and a first visit makes no call that fails.
 */
export const SIGNED_OUT = 'You are signed out.';
const SIGNED_IN_HINT = 'comal:staff-signed-in';
function remember(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // Without storage the board asks the server each time.
  }
}
function wasSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return true;
  }
}

interface Props {
  /** 'Orders | Taquería El Comal': the board adds the count of new orders in front. */
  pageTitle: string;
}

/**
 * /staff/: the staff's own page. A link from an admin (`?set-password=TOKEN`) asks for a
 * password first; otherwise the board resumes the session kept in the refresh cookie, or asks
 * to sign in.
 */
function StaffScreens({ pageTitle }: Props) {
  const api = useMemo(() => createStaffApi(), []);
  const [screen, setScreen] = useState<Screen>({ kind: 'starting' });

  const signedOut = (notice?: string) => {
    remember(false);
    setScreen({ kind: 'signed-out', notice });
  };
  const toBoard = (answer: StaffSessionAnswer) => {
    remember(true);
    setScreen({
      kind: 'board',
      session: createStaffSession(api, answer, (why) => signedOut(why === 'expired' ? SESSION_ENDED : SIGNED_OUT)),
    });
  };

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('set-password');
    if (token) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is known only in the browser, after the server's first render
      setScreen({ kind: 'set-password', token });
      return;
    }
    if (!wasSignedIn()) {
      setScreen({ kind: 'signed-out' });
      return;
    }
    api.refresh().then(
      (answer) => (answer ? toBoard(answer) : signedOut()),
      (failure: Error) => setScreen({ kind: 'signed-out', notice: failure.message }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the screen is chosen once, at start
  }, []);

  switch (screen.kind) {
    case 'starting':
      return <p role="status">{LOADING}</p>;
    case 'set-password':
      return (
        <StaffSetPassword
          api={api}
          token={screen.token}
          onDone={(message) => {
            // The token is spent: a reload should show the sign-in form, not the link's form.
            history.replaceState(null, '', window.location.pathname);
            setScreen({ kind: 'signed-out', notice: message });
          }}
        />
      );
    case 'signed-out':
      return <StaffSignIn api={api} notice={screen.notice} onSignedIn={toBoard} />;
    case 'board':
      return <OrderBoard api={api} session={screen.session} pageTitle={pageTitle} />;
  }
}

export default function StaffApp(props: Props) {
  return (
    <IslandBoundary>
      <StaffScreens {...props} />
    </IslandBoundary>
  );
}
