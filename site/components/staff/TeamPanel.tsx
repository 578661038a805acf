import { useState } from 'react';
import type { StaffRoleName } from '../../../shared/api/staff.ts';
import type { InviteAnswer, StaffApi } from './staff-api.ts';
import type { StaffSession } from './staff-session.ts';
import { timeText } from './order-text.ts';
import { useSubmit } from './use-submit.ts';

interface Props {
  api: StaffApi;
  session: StaffSession;
}

/**
 * Admins add a member (or give one who forgot a new link): the server answers a one-time link to
 * /staff/?set-password=…, valid 24 hours, which the admin hands over in person or by message.
 */
export function TeamPanel({ api, session }: Props) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRoleName>('staff');
  const [invite, setInvite] = useState<InviteAnswer | null>(null);
  const { submit, error, busy } = useSubmit(async () => {
    setInvite(null);
    setInvite(await session.run((token) => api.invite(token, email, role)));
  });
  const copy = () => void navigator.clipboard?.writeText(invite!.set_password_url).catch(() => undefined);

  return (
    <div className="team-panel">
      <form className="staff-form" onSubmit={submit} aria-labelledby="team-title">
        <h2 id="team-title">Add a staff member</h2>
        <p>They get a link to choose their password. Sending it again for someone already here gives them a new link.</p>
        <label>
          Email
          <input type="email" name="member-email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </label>
        <fieldset className="team-role">
          <legend>Role</legend>
          <label>
            <input type="radio" name="role" checked={role === 'staff'} onChange={() => setRole('staff')} /> Staff: the board, pause and sold out
          </label>
          <label>
            <input type="radio" name="role" checked={role === 'admin'} onChange={() => setRole('admin')} /> Admin: also adds members
          </label>
        </fieldset>
        {error && <p className="staff-error" role="alert">{error}</p>}
        <button type="submit" className="staff-primary" disabled={busy}>
          {busy ? 'Adding…' : 'Make a password link'}
        </button>
      </form>
      {invite && (
        <section className="staff-notice team-link" role="status" aria-labelledby="team-link-title">
          <h3 id="team-link-title">
            {invite.created ? `${invite.staff.email} is added as ${invite.staff.role}.` : `${invite.staff.email} is already a member (${invite.staff.role}): here is a new link.`}
          </h3>
          <p>Give them this link; it works once, until {timeText(invite.expires_at)}.</p>
          <p>
            <input readOnly aria-label="Password link" value={invite.set_password_url} onFocus={(e) => e.currentTarget.select()} />
          </p>
          <button type="button" onClick={copy}>
            Copy the link
          </button>
        </section>
      )}
    </div>
  );
}
