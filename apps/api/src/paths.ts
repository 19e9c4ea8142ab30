import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder, whether this code runs as src/paths.ts (tsx, tests) or compiled
 * into dist/*.js (`npm start`, decision 017): both sit one level below it. Files the server
 * reads at run time (SQL migrations, the common-passwords list) are found from here in src/,
 * where they live, so the compiled server needs no copy of them.
 */
export const apiDir = fileURLToPath(new URL('..', import.meta.url));

export const repoRoot = path.join(apiDir, '../..');

/** A file or folder of the API's sources, by its path below src/. */
export const sourcePath = (relative: string) => path.join(apiDir, 'src', relative);
