/**
 * The frame of a sign-in form: its heading, the fields (disabled while the call is in flight),
 * the form's error (read out and focused), and the submit button.
 */
import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  intro?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  problem: string;
  onSubmit: () => void;
  children: ReactNode;
  /** Links under the form (sign in, create an account, forgot your password). */
  after?: ReactNode;
}

export function AccountForm({ title, intro, submitLabel, busyLabel, busy, problem, onSubmit, children, after }: Props) {
  const problemRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);
  return (
    <div className="account-card">
      <h1>{title}</h1>
      {intro}
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <fieldset className="form-fields" disabled={busy}>
          <div className="fields">{children}</div>
          {problem && (
            <p ref={problemRef} className="error" role="alert" tabIndex={-1}>
              {problem}
            </p>
          )}
          <button type="submit" className="primary" aria-busy={busy || undefined}>
            {busy ? busyLabel : submitLabel}
          </button>
        </fieldset>
      </form>
      {after && <p className="account-links">{after}</p>}
    </div>
  );
}

/** A done message in place of a form (registered, confirmed, mail sent), focused so it is read. */
export function Done({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="account-card">
      <h1>{title}</h1>
      <div ref={ref} className="done" role="status" tabIndex={-1}>
        <p>{message}</p>
      </div>
      {children}
    </div>
  );
}
