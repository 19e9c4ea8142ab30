import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupOneConnection } from '../../../test/helper';
import { CartRepository } from './cart.repository';

/**
 * Decision 033: a bag write's own transaction commits without waiting for the disk. What must
 * never happen is that the setting outlives the write: the connection goes back to the pool and
 * its next statement could be an order or a payment.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('a bag write on PostgreSQL', () => {
  /** One connection: the statement after the write runs where the write ran. */
  const connection = setupOneConnection();
  let bags: CartRepository;
  beforeAll(() => {
    bags = new CartRepository(connection.db);
  });

  const setting = async () =>
    (
      await connection.pool!.query<{ value: string }>(
        `select current_setting('synchronous_commit') as value`,
      )
    ).rows[0]!.value;

  it("leaves the connection's commits waiting for the disk after an add and after a removal", async () => {
    expect(await setting()).toBe('on');
    const shopper = randomUUID();
    await bags.addAndRead(shopper, 1, 1, 1, 10, new Date());
    expect(await setting()).toBe('on');
    await bags.removeAndRead(shopper, 1, 1, new Date());
    expect(await setting()).toBe('on');
  });
});
