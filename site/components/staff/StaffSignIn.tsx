import { useState } from 'react';
import type { StaffSessionAnswer } from '../../../shared/api/staff.ts';
import type { StaffApi } from './staff-api.ts';
import { unlockChime } from './new-order-chime.ts';
import { useSubmit } from './use-submit.ts';

interface Props {
  api: StaffApi;
  /** A sentence to show above the form (the password was set; the session ended). */
  notice?: string | undefined;
  onSignedIn: (session: StaffSessionAnswer) => void;
}

/** The staff sign-in form: email and password, the server's sentence when it refuses. */
export function StaffSignIn({ api, notice, onSignedIn }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The tap that signs in also lets the board play its new-order sound.
  const { submit, error, busy } = useSubmit(
    async () => onSignedIn(await api.login(email, password)),
    () => void unlockChime(),
  );

  return (
    <form className="staff-form" onSubmit={submit} aria-labelledby="staff-sign-in-title">
      <h1 id="staff-sign-in-title">Staff sign-in</h1>
      {notice && (
        <p className="staff-notice" role="status">
          {notice}
        </p>
      )}
      <label>
        Email
        <input
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
        />
      </label>
      <label>
        Password
        <input
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
      </label>
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="staff-primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
