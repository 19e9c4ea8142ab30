import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupTestApp } from '../test/helper';
import { reconcileAll } from './reconcile';

const ctx = setupTestApp();

afterEach(() => vi.restoreAllMocks());

describe('a run of the reconcile sweep', () => {
  it('leaves kept pages trusted when it changed nothing', async () => {
    const changed = vi.spyOn(ctx.app, 'pageDataChanged');
    await reconcileAll(ctx.app);
    expect(changed).not.toHaveBeenCalled();
  });

  it('tells kept pages when it changed something, such as a parcel assumed delivered', async () => {
    const changed = vi.spyOn(ctx.app, 'pageDataChanged');
    vi.spyOn(ctx.app.services.fulfilment, 'assumeDeliveries').mockResolvedValue(1);
    await reconcileAll(ctx.app);
    expect(changed).toHaveBeenCalledOnce();
  });
});
