import { numeric } from 'drizzle-orm/pg-core';

/** Money as the API carries it: dollars with 2 decimals, read as a number (DESIGN 4). */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });
