import { runMediaTransfers, type MediaRunResult } from './media-run';

/*
 * npm run bench:media — RSS growth of one inbox process while three files move through it at
 * once: two customers' documents downloaded from WhatsApp (the simulator) into the blob store, and
 * an agent's upload stored and sent on to WhatsApp. Goal: growth < 64 MB for three 100 MB files.
 * Embedded mode by default (PGlite, in-process bus); DATABASE_URL and AMQP_URL select PostgreSQL
 * and RabbitMQ. BENCH_BEFORE_ROOT=<another built checkout> measures that inbox too, side by side.
 */

const MB = 1024 * 1024;
/** 100 MB by default; BENCH_FILE_BYTES for another size (the inbox before this change refused exactly 100 MB). */
const FILE_BYTES = Number(process.env.BENCH_FILE_BYTES ?? 100 * MB);
const FILE_MB = Math.round((FILE_BYTES / MB) * 1000) / 1000;
const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT;

function row(name: string, r: MediaRunResult) {
  return {
    inbox: name,
    'baseline RSS MB': r.baselineMb,
    'peak RSS MB': r.peakMb,
    'growth MB': r.growthMb,
    seconds: r.seconds,
    downloads: r.downloads.map((d) => `${d.status} ${Math.round(d.size / MB)} MB`).join(', '),
    upload: `${r.upload.status} ${r.upload.messageStatus} ${Math.round(r.upload.receivedBytes / MB)} MB${
      r.upload.sha256Matches ? ' sha256 ok' : ''
    }`,
  };
}

async function main(): Promise<void> {
  const mode = process.env.DATABASE_URL ? 'distributed (PostgreSQL, RabbitMQ)' : 'embedded (PGlite)';
  console.log(`bench:media — 3 × ${FILE_MB} MB at once (2 downloads + 1 agent upload), ${mode}`);
  const rows = [];
  if (BEFORE_ROOT)
    rows.push(
      row(
        `before (${BEFORE_ROOT})`,
        await runMediaTransfers({ fileBytes: FILE_BYTES, repoRoot: BEFORE_ROOT }),
      ),
    );
  const after = await runMediaTransfers({ fileBytes: FILE_BYTES });
  rows.push(row('this checkout', after));
  console.table(rows);
  console.log(JSON.stringify({ bench: 'media', fileMb: FILE_MB, mode, rows }));
  const ok =
    after.growthMb < 64 && after.upload.sha256Matches && after.downloads.every((d) => d.status === 'READY');
  console.log(ok ? 'goal met: growth < 64 MB, every file intact' : 'goal NOT met');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
