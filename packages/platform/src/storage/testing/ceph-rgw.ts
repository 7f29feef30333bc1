import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';

const execFileAsync = promisify(execFile);

/** Runs a Ceph tool to completion (at most a minute), failing with what it printed. */
async function run(file: string, args: string[]): Promise<void> {
  try {
    await execFileAsync(file, args, { timeout: 60_000 });
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`${file} ${args.join(' ')} failed: ${(stderr ?? String(error)).slice(-1500)}`);
  }
}

/**
 * The `ceph` CLI, tried again while the monitor is not ready to describe its commands (seen on a
 * loaded machine right after it started: "EPERM: problem getting command descriptions"); the
 * command itself was not sent then, so trying again cannot apply it twice.
 */
async function runCeph(args: string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run('ceph', args);
    } catch (error) {
      if (attempt >= 10 || !/problem getting command descriptions/.test((error as Error).message))
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

export interface TestS3Server {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A client with the server's credentials, for what a test checks behind the store's back. */
  admin: S3Client;
  /** Creates a bucket; `publicRead`: anyone may list it (a synchronous `curl` in a callback). */
  createBucket(name: string, options?: { publicRead?: boolean }): Promise<void>;
  /** The bucket's objects, and the multipart uploads in it neither completed nor aborted. */
  contents(bucket: string, prefix?: string): Promise<{ objects: string[]; uploads: string[] }>;
  stop(): Promise<void>;
}

const BINARIES = ['monmaptool', 'ceph-mon', 'ceph-osd', 'ceph', 'radosgw', 'radosgw-admin'];
const INSTALL_HINT =
  'the S3 tests run Ceph RADOS Gateway: apt-get install --no-install-recommends ceph-mon ceph-osd radosgw';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

const onPath = (binary: string) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, binary)));

/** One monitor, one in-memory OSD, no authentication inside the cluster: a test cluster only. */
function cephConf(dir: string, fsid: string, monPort: number, rgwPort: number): string {
  return `[global]
fsid = ${fsid}
mon host = v1:127.0.0.1:${monPort}
auth cluster required = none
auth service required = none
auth client required = none
run dir = ${dir}/run
admin socket = ${dir}/run/$name.asok
log file = ${dir}/log/$name.log
mon data = ${dir}/mon
osd data = ${dir}/osd
osd objectstore = memstore
memstore device bytes = 1073741824
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
mon allow pool size one = true
mon max pg per osd = 1000
osd crush chooseleaf type = 0
# Placed by the harness before the OSD starts: the OSD's own placement commands at boot race
# its first monitor map and are refused ('wrong fsid') now and then.
osd crush update on start = false
osd class update on start = false
ms bind ipv6 = false
# Commits every 50 ms instead of every second: the gateway creates its pools one command at a time.
paxos propose interval = 0.05
paxos min wait = 0.01
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
`;
}

async function waitForHttp(url: string, attempts: number): Promise<void> {
  for (let i = 0; i < attempts; i += 1) {
    const answered = await fetch(url).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`RADOS Gateway did not answer at ${url}`);
}

/**
 * A real S3 implementation on a free loopback port: Ceph's RADOS Gateway (Debian's radosgw) over
 * a one-OSD in-memory cluster in a temporary folder. MinIO cannot be installed here; RGW is the
 * production S3 server closest to it (real SigV4, multipart, abort, listing, error codes).
 * Takes a few seconds; `stop()` ends its processes and removes the folder.
 */
export async function startTestS3Server(): Promise<TestS3Server> {
  const missing = BINARIES.filter((b) => !onPath(b));
  if (missing.length > 0) throw new Error(`${missing.join(', ')} not found: ${INSTALL_HINT}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-rgw-'));
  for (const sub of ['run', 'log', 'mon', 'osd']) fs.mkdirSync(path.join(dir, sub));
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const conf = path.join(dir, 'ceph.conf');
  const fsid = randomUUID();
  fs.writeFileSync(conf, cephConf(dir, fsid, monPort, rgwPort));
  const daemons: ChildProcess[] = [];
  const daemon = (binary: string, args: string[]) => {
    const child = spawn(binary, ['-f', '-c', conf, ...args], { stdio: 'ignore' });
    daemons.push(child);
  };
  // A test process that dies without stop() must not leave a cluster behind.
  const killAll = () => daemons.forEach((d) => d.exitCode === null && d.kill('SIGKILL'));
  process.once('exit', killAll);

  const stop = async (keepLogs = false) => {
    process.removeListener('exit', killAll);
    for (const d of daemons.reverse()) {
      if (d.exitCode !== null || d.signalCode !== null) continue;
      const exited = new Promise((resolve) => d.once('exit', resolve));
      d.kill('SIGTERM');
      const timer = setTimeout(() => d.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!keepLogs) fs.rmSync(dir, { recursive: true, force: true });
  };

  const keys = { accessKeyId: 'rgwtestaccesskey', secretAccessKey: 'rgw-test-secret-key-0123456789abcdef' };
  try {
    const cli = ['-c', conf, '--connect-timeout', '30'];
    await run('monmaptool', [
      '--create',
      '--add',
      'a',
      `v1:127.0.0.1:${monPort}`,
      '--fsid',
      fsid,
      path.join(dir, 'monmap'),
    ]);
    await run('ceph-mon', ['-c', conf, '--mkfs', '-i', 'a', '--monmap', path.join(dir, 'monmap')]);
    daemon('ceph-mon', ['-i', 'a']);
    await runCeph([...cli, 'osd', 'create']);
    await runCeph([...cli, 'osd', 'crush', 'add', 'osd.0', '1.0', 'root=default']);
    await run('ceph-osd', ['-c', conf, '-i', '0', '--mkfs']);
    daemon('ceph-osd', ['-i', '0']);
    // Creates RGW's pools too, so it returns once the OSD serves them.
    await run('radosgw-admin', [
      '-c',
      conf,
      'user',
      'create',
      '--uid=test',
      '--display-name=test',
      `--access-key=${keys.accessKeyId}`,
      `--secret=${keys.secretAccessKey}`,
    ]);
    daemon('radosgw', ['-n', 'client.rgw']);
    const endpoint = `http://127.0.0.1:${rgwPort}`;
    await waitForHttp(endpoint, 240);
    const region = 'us-east-1';
    const admin = new S3Client({ endpoint, region, forcePathStyle: true, credentials: keys });
    return {
      endpoint,
      region,
      ...keys,
      admin,
      createBucket: async (name, options = {}) => {
        await admin.send(
          new CreateBucketCommand({ Bucket: name, ACL: options.publicRead ? 'public-read' : undefined }),
        );
      },
      contents: async (bucket, prefix) => {
        const objects = await admin.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
        const uploads = await admin.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix }));
        return {
          objects: (objects.Contents ?? []).map((o) => o.Key!),
          uploads: (uploads.Uploads ?? []).map((u) => u.Key!),
        };
      },
      stop: async () => {
        admin.destroy();
        await stop();
      },
    };
  } catch (error) {
    await stop(true);
    throw new Error(`${(error as Error).message}\n(the daemons' logs are in ${dir}/log)`);
  }
}
