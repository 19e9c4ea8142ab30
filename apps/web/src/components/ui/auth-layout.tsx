import type { ReactNode } from 'react';

interface AuthLayoutProps {
  title: string;
  intro?: ReactNode;
  /** Optional decorative side panel (signup shows an illustration). */
  aside?: ReactNode;
  children: ReactNode;
}

/** The narrow, centred frame shared by login, signup and password pages. */
export function AuthLayout({ title, intro, aside, children }: AuthLayoutProps) {
  return (
    <section className={`auth-layout ${aside ? 'auth-layout--with-aside' : ''}`}>
      {aside ? <div className="auth-layout__aside">{aside}</div> : null}
      <div className="auth-layout__panel">
        <h1 className="page-title">{title}</h1>
        {intro ? <p className="text-secondary mb-4">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
