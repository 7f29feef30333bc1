import net from 'node:net';
import { Writable } from 'node:stream';
import { createLogger, RemoteCallInTransactionError, runInTransactionScope } from '@inbox/platform';
import { createMailer, invitationMail } from './mailer';

function logged() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('directory', 'info', sink) };
}

const mail = invitationMail(
  'ana@example.com',
  'Ana',
  'https://inbox.example.com/accept-invite?token=s3cr3t-token-value',
  'Acme',
  168,
);

describe('the mailer without SMTP', () => {
  it('redacts the link tokens from the log when asked (the distributed mode)', async () => {
    const { lines, logger } = logged();
    await createMailer({ from: 'x@example.com', logger, redactLinks: true }).send(mail);
    expect(lines.join('')).not.toContain('s3cr3t-token-value');
    expect(lines.join('')).toContain('/accept-invite?token=[redacted]');
  });

  it('refuses to send from inside a database transaction too, so tests catch the mistake', async () => {
    const { lines, logger } = logged();
    const mailer = createMailer({ from: 'x@example.com', logger });
    await expect(runInTransactionScope(() => mailer.send(mail))).rejects.toBeInstanceOf(
      RemoteCallInTransactionError,
    );
    expect(lines).toEqual([]);
  });

  it('prints the whole link otherwise (the all-in-one mode, no mail server)', async () => {
    const { lines, logger } = logged();
    await createMailer({ from: 'x@example.com', logger }).send(mail);
    expect(lines.join('')).toContain('token=s3cr3t-token-value');
  });
});

describe('the mailer with SMTP', () => {
  it('refuses to send from inside a database transaction, before connecting', async () => {
    let connections = 0;
    const smtp = net.createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.address() as net.AddressInfo;
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'x@example.com',
      logger: logged().logger,
    });
    try {
      await expect(runInTransactionScope(() => mailer.send(mail))).rejects.toBeInstanceOf(
        RemoteCallInTransactionError,
      );
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => smtp.close(resolve));
    }
  });
});
