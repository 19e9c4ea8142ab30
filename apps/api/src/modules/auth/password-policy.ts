import { readFileSync } from 'node:fs';
import {
  BadRequest,
  PASSWORD_MENTIONS_IDENTITY,
  PASSWORD_TOO_COMMON,
  passwordMentionsIdentity,
} from '@marketplace/shared';
import { sourcePath } from '../../paths';

/**
 * OWASP ASVS 5.0 (6.2.4, 6.2.11): passwords are checked against the most commonly used ones and
 * against the account's own names. The list stays on the server: the web app would have to ship
 * its 170 KB to every visitor for a check the server makes anyway.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(sourcePath('modules/auth/common-passwords.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#')),
);

export interface PasswordOwner {
  userName: string;
  email: string;
}

/** Why a new password is refused, or undefined when it may be used. */
export function passwordProblem(password: string, owner: PasswordOwner): string | undefined {
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return PASSWORD_TOO_COMMON;
  if (passwordMentionsIdentity(password, owner)) return PASSWORD_MENTIONS_IDENTITY;
  return undefined;
}

/** 400 with the reason beside the form's password field (`field`). */
export function assertAcceptablePassword(
  password: string,
  owner: PasswordOwner,
  field: string,
): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw new BadRequest(problem, { [field]: problem });
}
