import { Writable } from 'node:stream';
import { createLogger, forService } from './logger';
import { currentRequestId, outsideRequest, runWithRequestId } from './request-scope';

function capture() {
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      done();
    },
  });
  const logger = createLogger('all-in-one', 'info', sink);
  const lines = () => raw.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { raw, lines, logger };
}

describe('request scope', () => {
  it('puts the request id on every line written while serving the request, awaits and children included', async () => {
    const { lines, logger } = capture();
    const inbox = forService(logger, 'inbox');
    logger.info('before');
    await runWithRequestId('req-1', async () => {
      logger.info('first');
      await new Promise((resolve) => setTimeout(resolve, 1));
      inbox.child({ method: 'Send' }).info('after an await, in a child');
      outsideRequest(() => logger.info('a loop the request only woke'));
    });
    logger.info('after');
    expect(lines().map((l) => [l.msg, l.requestId])).toEqual([
      ['before', undefined],
      ['first', 'req-1'],
      ['after an await, in a child', 'req-1'],
      ['a loop the request only woke', undefined],
      ['after', undefined],
    ]);
  });

  it('keeps concurrent requests apart', async () => {
    const { lines, logger } = capture();
    const serve = (id: string, delayMs: number) =>
      runWithRequestId(id, async () => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        logger.info({ expected: id }, 'done');
        return currentRequestId();
      });
    expect(await Promise.all([serve('slow', 5), serve('fast', 0)])).toEqual(['slow', 'fast']);
    for (const line of lines()) expect(line.requestId).toBe(line.expected);
  });

  it('an explicit requestId on a line wins, written once', () => {
    const { raw, lines, logger } = capture();
    runWithRequestId('scope-id', () => logger.info({ requestId: 'explicit' }, 'explicit'));
    expect(lines()[0].requestId).toBe('explicit');
    expect(raw[0].match(/"requestId":/g)).toHaveLength(1);
  });
});
