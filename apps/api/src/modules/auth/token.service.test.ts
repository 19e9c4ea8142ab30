import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './token.service';

describe('TokenService', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('remembers a verified token but still refuses it once it has expired (issue 20)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T06:00:00Z'));
    const tokens = new TokenService('a-secret-of-at-least-thirty-two-chars', 60);
    const token = await tokens.issue('ada', 3);
    expect(await tokens.verify(token)).toEqual({ ok: true, userName: 'ada', version: 3 });
    // The second check is answered from memory: the same claims.
    expect(await tokens.verify(token)).toEqual({ ok: true, userName: 'ada', version: 3 });
    vi.setSystemTime(new Date('2026-11-24T06:01:01Z'));
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('never remembers a token signed with another secret', async () => {
    const other = await new TokenService('another-secret-of-thirty-two-chars!', 60).issue('ada', 0);
    const tokens = new TokenService('a-secret-of-at-least-thirty-two-chars', 60);
    expect(await tokens.verify(other)).toEqual({ ok: false, reason: 'invalid' });
    expect(await tokens.verify(other)).toEqual({ ok: false, reason: 'invalid' });
  });
});
