import { ConfigError } from './config';

/** Runs a process's boot; a bad configuration prints the message naming the variable, anything else the error; exit 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  });
}
