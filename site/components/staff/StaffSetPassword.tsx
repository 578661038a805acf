import { useState } from 'react';
import type { StaffApi } from './staff-api.ts';
import { useSubmit } from './use-submit.ts';

interface Props {
  api: StaffApi;
  /** The one-time token from the link an admin sent (`/staff/?set-password=TOKEN`). */
  token: string;
  /** The password is set: the server's sentence, shown above the sign-in form. */
  onDone: (message: string) => void;
}

/** A new staff member (or one who forgot) chooses a password from their one-time link. */
export function StaffSetPassword({ api, token, onDone }: Props) {
  const [password, setPassword] = useState('');
  const { submit, error, busy } = useSubmit(async () => onDone(await api.setPassword(token, password)));

  return (
    <form className="staff-form" onSubmit={submit} aria-labelledby="staff-password-title">
      <h1 id="staff-password-title">Choose your staff password</h1>
      <p>At least 10 characters and hard to guess: a few words that do not belong together work well.</p>
      <label>
        New password
        <input
          type="password"
          name="new-password"
          autoComplete="new-password"
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
        {busy ? 'Saving…' : 'Set password'}
      </button>
    </form>
  );
}
