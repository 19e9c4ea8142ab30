/**
 * Issue 13: nothing is lost at the login wall. A guest's (or an ended session's) Add to Cart is
 * remembered for this tab, and the product page applies it once, after logging in.
 */
const KEY = 'marketplace:pending-add';
/** A choice left behind (the shopper never logged in) is not added days later. */
const MAX_AGE_MS = 60 * 60 * 1000;

export interface PendingAdd {
  itemId: number;
  itemOptionId: number;
  quantity: number;
}

export function rememberAdd(add: PendingAdd, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...add, savedAt: now }));
  } catch {
    // Storage refused (private mode, full): the shopper chooses again after logging in.
  }
}

function read(now: number): PendingAdd | null {
  let value: unknown;
  try {
    value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { itemId, itemOptionId, quantity, savedAt } = value as Record<string, unknown>;
  const positive = (n: unknown): n is number => Number.isInteger(n) && (n as number) > 0;
  if (!positive(itemId) || !positive(itemOptionId) || !positive(quantity)) return null;
  if (typeof savedAt !== 'number' || now - savedAt > MAX_AGE_MS) return null;
  return { itemId, itemOptionId, quantity };
}

/** The remembered choice for this product, left in place (the page shows it chosen). */
export function pendingAddFor(itemId: number, now = Date.now()): PendingAdd | null {
  const pending = read(now);
  return pending?.itemId === itemId ? pending : null;
}

/** Takes the remembered choice for this product out, so it is applied once. */
export function takePendingAdd(itemId: number, now = Date.now()): PendingAdd | null {
  const pending = pendingAddFor(itemId, now);
  if (pending) sessionStorage.removeItem(KEY);
  return pending;
}
