// `pnpm run bench:live [--file PATH] [--syntax none|default] [--trials N] [--where top,middle,end]
// [--size N] [--profile DIR] [--trace DIR]`: the flags become LIVE_* variables for bench/live-typing.ts, which vitest runs
// (vitest itself takes no such flags).
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const flags = {
  file: 'LIVE_FILE',
  syntax: 'LIVE_SYNTAX',
  trials: 'LIVE_TRIALS',
  where: 'LIVE_WHERE',
  size: 'LIVE_SIZE',
  profile: 'LIVE_PROFILE',
  trace: 'LIVE_TRACE',
};
const env = { ...process.env };
const args = process.argv.slice(2).filter((arg) => arg !== '--');
for (let index = 0; index < args.length; index++) {
  const [flag, inline] = (args[index] ?? '').replace(/^--/, '').split('=', 2);
  const variable = flags[flag];
  const value = inline ?? args[++index];
  if (!variable || value === undefined) {
    console.error(
      `bench:live: unknown or incomplete flag ${args[index]}; accepted: ${Object.keys(flags)
        .map((name) => `--${name} VALUE`)
        .join(', ')}`,
    );
    process.exit(2);
  }
  // A file is named from where pnpm was started (INIT_CWD), not from www/.
  env[variable] = ['file', 'profile', 'trace'].includes(flag)
    ? resolve(process.env.INIT_CWD ?? process.cwd(), value)
    : value;
}
const run = spawnSync('npx', ['vitest', 'run', '--config', 'vitest.bench.config.ts'], {
  stdio: 'inherit',
  env,
});
process.exit(run.status ?? 1);
