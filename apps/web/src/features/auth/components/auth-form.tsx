import type { FormEventHandler, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { SubmitButton } from '../../../components/ui/submit-button';

/**
 * The frame the sign-up, login and password-reset forms share: the fields, then the form's alert
 * and its button, all disabled while the request runs; the links to the other screens under it.
 */
export function AuthForm({
  label,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  notice,
  alert,
  links,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Above the fields (the login's "session ended"). */
  notice?: ReactNode;
  /** The form's error, above the button. */
  alert?: ReactNode;
  links?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form
      noValidate
      // Before the page is hydrated the browser would submit by itself: never with the password in the URL.
      method="post"
      onSubmit={onSubmit}
      aria-label={label}
    >
      {notice}
      <fieldset disabled={pending}>
        {children}
        {alert}
        <SubmitButton pending={pending} label={submitLabel} pendingLabel={pendingLabel} />
      </fieldset>
      {links ? <div className="auth-links">{links}</div> : null}
    </Form>
  );
}
