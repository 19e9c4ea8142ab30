import { describe, expect, it } from 'vitest';
import { loginAs, setupTestApp } from '../../../test/helper';
import { UsersRepository } from '../users/users.repository';
import { UserRoles } from '../users/users.service';
import { runOperatorGrantCli } from './operator-grant.cli';

const ctx = setupTestApp();

/** As `npm run operator:grant` runs it: the roles read and written on the database alone. */
function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const roles = new UserRoles(new UsersRepository(ctx.database.db));
  return runOperatorGrantCli(argv, roles, {
    write: (text) => out.push(text),
    error: (text) => err.push(text),
  }).then((code) => ({ code, out: out.join(''), err: err.join('') }));
}

describe('npm run operator:grant', () => {
  it('makes an account an operator and says so; --revoke makes it a buyer again', async () => {
    const user = await loginAs(ctx.app);
    expect(await run([user.userName])).toEqual({
      code: 0,
      out: `${user.userName} is now an operator (was buyer).\n`,
      err: '',
    });
    expect(await ctx.app.services.users.roleOf(user.userName)).toBe('operator');
    expect((await run([user.userName])).out).toBe(
      `${user.userName} was already an operator; nothing changed.\n`,
    );
    expect((await run([user.userName, '--revoke'])).code).toBe(0);
    expect(await ctx.app.services.users.roleOf(user.userName)).toBe('buyer');
  });

  it('fails clearly for an unknown user, or without exactly one name', async () => {
    expect(await run(['nobody-by-this-name'])).toEqual({
      code: 1,
      out: '',
      err: 'No account is called "nobody-by-this-name".',
    });
    const none = await run([]);
    expect(none.code).toBe(2);
    expect(none.err).toContain('Usage: npm run operator:grant -- <userName>');
  });
});
