import { useEffect, useMemo, useState } from 'react';
import type { StaffSessionAnswer } from '../../../shared/api/staff.ts';
import { LOADING } from '../../../shared/api/messages.ts';
import { IslandBoundary } from '../islands/IslandBoundary.tsx';
import { createStaffApi } from '../staff/staff-api.ts';
import { createStaffSession, SESSION_ENDED, type StaffSession } from '../staff/staff-session.ts';
import { StaffSignIn } from '../staff/StaffSignIn.tsx';
import { createAdminCall, type AdminCall } from './admin-api.ts';
import { AuditLogScreen } from './AuditLogScreen.tsx';
import { CustomersScreen } from './CustomersScreen.tsx';
import { MenuScreen } from './MenuScreen.tsx';
import { PromoCodesScreen } from './PromoCodesScreen.tsx';
import { SalesScreen } from './SalesScreen.tsx';
import { SettingsScreen } from './SettingsScreen.tsx';

export const ADMINS_ONLY_HERE = 'This area is for admins. Your account can use the order board.';

/** The admin area's screens, each at its own #address so a reload or a link opens it again. */
const SCREENS = [
  { id: 'promo-codes', label: 'Promo codes', Screen: PromoCodesScreen },
  { id: 'audit', label: 'Audit log', Screen: AuditLogScreen },
  { id: 'customers', label: 'Customers', Screen: CustomersScreen },
  { id: 'sales', label: 'Sales', Screen: SalesScreen },
  { id: 'menu', label: 'Menu', Screen: MenuScreen },
  { id: 'settings', label: 'Settings', Screen: SettingsScreen },
] as const satisfies readonly { id: string; label: string; Screen: (props: { call: AdminCall }) => unknown }[];
type ScreenId = (typeof SCREENS)[number]['id'];

const screenFromHash = (): ScreenId =>
  SCREENS.find((screen) => `#${screen.id}` === window.location.hash)?.id ?? SCREENS[0].id;

type State =
  | { kind: 'starting' }
  | { kind: 'signed-out'; notice?: string | undefined }
  | { kind: 'signed-in'; session: StaffSession };

/**
 * /staff/admin/: the owner's screens. It resumes the staff session kept in the refresh cookie
 * (the board's), or asks to sign in; a staff member who is not an admin is sent to the board.
 */
function AdminScreens() {
  const staffApi = useMemo(() => createStaffApi(), []);
  const [state, setState] = useState<State>({ kind: 'starting' });
  const [screen, setScreen] = useState<ScreenId>(SCREENS[0].id);

  const signedIn = (answer: StaffSessionAnswer) =>
    setState({
      kind: 'signed-in',
      session: createStaffSession(staffApi, answer, (why) =>
        setState({ kind: 'signed-out', notice: why === 'expired' ? SESSION_ENDED : undefined }),
      ),
    });

  useEffect(() => {
    const follow = () => setScreen(screenFromHash());
    follow();
    window.addEventListener('hashchange', follow);
    staffApi.refresh().then(
      (answer) => (answer ? signedIn(answer) : setState({ kind: 'signed-out' })),
      (failure: Error) => setState({ kind: 'signed-out', notice: failure.message }),
    );
    return () => window.removeEventListener('hashchange', follow);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the session is resumed once, at start
  }, []);

  const call = useMemo(() => (state.kind === 'signed-in' ? createAdminCall(state.session) : null), [state]);

  if (state.kind === 'starting') return <p role="status">{LOADING}</p>;
  if (state.kind === 'signed-out') return <StaffSignIn api={staffApi} notice={state.notice} onSignedIn={signedIn} />;
  const { session } = state;
  const signOut = (
    <button type="button" onClick={() => void session.signOut()}>
      Sign out {session.member.email}
    </button>
  );
  if (session.member.role !== 'admin' || !call) {
    return (
      <div className="staff-form">
        <h1>Admin</h1>
        <p className="staff-notice" role="status">
          {ADMINS_ONLY_HERE}
        </p>
        <a href="/staff/">Go to the order board</a>
        {signOut}
      </div>
    );
  }
  const current = SCREENS.find((each) => each.id === screen) ?? SCREENS[0];
  const { Screen } = current;
  return (
    <div className="admin">
      <header className="admin-bar">
        <p className="admin-title">Admin</p>
        <nav aria-label="Admin">
          <ul>
            {SCREENS.map((each) => (
              <li key={each.id}>
                <a href={`#${each.id}`} aria-current={each.id === current.id ? 'page' : undefined}>
                  {each.label}
                </a>
              </li>
            ))}
            <li>
              <a href="/staff/">Order board</a>
            </li>
          </ul>
        </nav>
        {signOut}
      </header>
      <section className="admin-screen" aria-labelledby="admin-screen-title">
        <h1 id="admin-screen-title">{current.label}</h1>
        <Screen call={call} />
      </section>
    </div>
  );
}

export default function AdminApp() {
  return (
    <IslandBoundary>
      <AdminScreens />
    </IslandBoundary>
  );
}
