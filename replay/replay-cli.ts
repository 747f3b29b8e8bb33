// `npm run replay -- …`: see replay/replay-options.ts for the options, README "Analysts" for examples.
import { pino } from 'pino';
import { runReplayCommand } from './replay-command.ts';

const level = process.env.LOG_LEVEL === undefined || process.env.LOG_LEVEL === 'info' ? 'warn' : process.env.LOG_LEVEL;
const log = pino({ level }, pino.destination(2));

runReplayCommand(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, log }).then(
  (code) => {
    // Let stdout drain (a large export piped to another program) before leaving.
    if (process.stdout.writableLength === 0) process.exit(code);
    process.stdout.once('drain', () => process.exit(code));
  },
  (error: unknown) => {
    console.error(`replay failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
