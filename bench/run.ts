// npm run bench [-- --sizes 10000,100000 --duration 10 --connections 50 --warmup 3 --no-cache
//   --stores 500 --processes 2
//   --edits-per-second 5 --orders-per-second 5 --reuse --only 'facets,suggest']
import { parseArgs } from 'node:util';
import { runBench } from './bench';
import { formatReport } from './report';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    stores: { type: 'string' },
    processes: { type: 'string' },
    out: { type: 'string', default: 'bench/results' },
    'no-cache': { type: 'boolean', default: false },
    'edits-per-second': { type: 'string', default: '5' },
    'orders-per-second': { type: 'string', default: '5' },
    reuse: { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
  },
});

const positive = (name: string, value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0)
    throw new Error(`--${name} takes a whole number, not ${value}`);
  return number;
};

const report = await runBench({
  sizes: values.sizes.split(',').map((size) => positive('sizes', size.trim())),
  durationSeconds: positive('duration', values.duration),
  warmupSeconds: positive('warmup', values.warmup),
  connections: positive('connections', values.connections),
  stores: values.stores === undefined ? undefined : positive('stores', values.stores),
  processes: values.processes === undefined ? undefined : positive('processes', values.processes),
  databaseUrl: process.env.DATABASE_URL || undefined,
  redisUrl: process.env.REDIS_URL || undefined,
  outDir: values.out,
  noCache: values['no-cache'],
  editsPerSecond: positive('edits-per-second', values['edits-per-second']),
  ordersPerSecond: positive('orders-per-second', values['orders-per-second']),
  reuse: values.reuse,
  only: values.only
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
  log: (line) => console.log(line),
});
console.log(`\n${formatReport(report)}`);
