// Builds the web app, clears the e2e database and runs Playwright with the system Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Runs a command in the foreground; its exit status, 0 when it succeeded. */
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;

function main() {
  if (!existsSync(chromium)) {
    const message = `End-to-end tests need Chromium at ${chromium} (Debian: apt-get install chromium; or set CHROMIUM_PATH).`;
    if (process.env.CI) {
      console.error(message);
      return 1;
    }
    console.warn(`Skipping end-to-end tests. ${message}`);
    return 0;
  }
  rmSync(new URL('./.data', import.meta.url), { recursive: true, force: true });
  rmSync(new URL('./.data-approval', import.meta.url), { recursive: true, force: true });
  const built = run('npm', ['run', 'build', '--silent', '-w', 'apps/web']);
  return built !== 0 ? built : run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
}

process.exitCode = main();
