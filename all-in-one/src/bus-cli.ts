import { createLogger } from '@inbox/platform';
import { parkedMessagesCommand } from './parked-messages';

// `npm run bus:parked -- <queue>` and `npm run bus:replay -- <queue> [id ...]` (see parked-messages.ts).
parkedMessagesCommand(process.argv.slice(2), process.env, createLogger('bus-cli', 'warn'), (line) =>
  console.log(line),
).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
