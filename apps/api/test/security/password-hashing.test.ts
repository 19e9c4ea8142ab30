import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@marketplace/shared';
import { PasswordHasher } from '../../src/modules/auth/password-hasher';
import { json, newUser, register, setupTestApp } from '../helper';

/**
 * Requests any anonymous client can send that cost the server far more than they cost the
 * client (issue 14, finding 6): many password hashes at once.
 */
describe('password hashing', () => {
  // One hash at a time and one waiting: a burst of sign-ins is refused at once, not queued for ever.
  // A hash slow enough that the burst's account look-ups (spread over the PostgreSQL pool) are
  // all done while the first one still runs.
  const hashing = setupTestApp({
    passwordHasher: new PasswordHasher(
      { memoryCost: 8192, timeCost: 12, parallelism: 1 },
      { concurrency: 1, maxWaiting: 1 },
    ),
  });

  it('answers 503 with Retry-After when too many hashes wait, and cheap requests stay fast', async () => {
    const users = [];
    for (let i = 0; i < 8; i++) users.push(await register(hashing.app, newUser()));

    const logins = users.map((user) =>
      hashing.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { userName: user.userDto.userName, password: user.password },
      }),
    );
    // While the hashes run, a request that needs none is answered at once.
    const started = performance.now();
    const live = await hashing.app.inject({ method: 'GET', url: '/api/health/live' });
    const liveMs = performance.now() - started;

    const answers = await Promise.all(logins);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(4);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    for (const refused of answers.filter((answer) => answer.statusCode === 503)) {
      expect(json(refused)).toEqual({ message: MESSAGES.serverBusy });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(live.statusCode).toBe(200);
    expect(liveMs).toBeLessThan(200);

    // A refused sign-in is not a failed one: once the burst is over, the same user gets in.
    const refusedUser = users[statuses.length - 1]!;
    const retried = await hashing.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { userName: refusedUser.userDto.userName, password: refusedUser.password },
    });
    expect(retried.statusCode).toBe(200);
  });

  it('refuses a registration it cannot hash in time the same way, and creates no account', async () => {
    const bodies = Array.from({ length: 6 }, () => newUser());
    const answers = await Promise.all(
      bodies.map((body) =>
        hashing.app.inject({ method: 'POST', url: '/api/auth/registerUser', payload: body }),
      ),
    );
    const refused = bodies.filter((_, i) => answers[i]!.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const body of refused) {
      const retry = await hashing.app.inject({
        method: 'POST',
        url: '/api/auth/registerUser',
        payload: body,
      });
      expect(retry.statusCode).toBe(201);
    }
  });
});
