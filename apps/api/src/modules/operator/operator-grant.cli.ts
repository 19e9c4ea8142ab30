import { parseArgs } from 'node:util';
import { NotFound, OPERATOR_MESSAGES } from '@marketplace/shared';
import type { UserRoles } from '../users/users.service';

const USAGE = 'Usage: npm run operator:grant -- <userName> [--revoke]';

/**
 * `npm run operator:grant -- <userName>`: makes the account an operator (`--revoke`: a buyer
 * again), and says so; an unknown user name is refused with exit code 1, bad arguments with 2.
 */
export async function runOperatorGrantCli(
  argv: string[],
  users: Pick<UserRoles, 'setRole' | 'roleOf'>,
  out: { write(text: string): void; error(text: string): void },
): Promise<number> {
  let userName: string | undefined;
  let revoke = false;
  try {
    const { positionals, values } = parseArgs({
      args: argv,
      options: { revoke: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1) throw new Error('Name exactly one user.');
    userName = positionals[0]!;
    revoke = values.revoke ?? false;
  } catch (error) {
    out.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const before = await users.roleOf(userName);
  if (before === undefined) {
    out.error(OPERATOR_MESSAGES.userUnknown(userName));
    return 1;
  }
  const role = revoke ? 'buyer' : 'operator';
  try {
    await users.setRole(userName, role);
  } catch (error) {
    if (error instanceof NotFound) {
      out.error(OPERATOR_MESSAGES.userUnknown(userName));
      return 1;
    }
    throw error;
  }
  out.write(
    before === role
      ? `${userName} was already ${role === 'operator' ? 'an operator' : 'a buyer'}; nothing changed.\n`
      : `${userName} is now ${role === 'operator' ? 'an operator' : 'a buyer'} (was ${before}).\n`,
  );
  return 0;
}
