import { Writable } from 'node:stream';
import { createLogger, forService, throttledWarn } from './logger';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, raw, logger: createLogger('all-in-one', 'info', sink) };
}

describe('logger', () => {
  it("names one service per line: the process's, or the one forService gives", () => {
    const { raw, lines, logger } = capture();
    logger.info('boot');
    forService(forService(logger, 'directory'), 'gateway').info('request');
    expect(lines.map((l) => l.service)).toEqual(['all-in-one', 'gateway']);
    for (const line of raw) expect(line.match(/"service":/g)).toHaveLength(1);
    expect(lines.every((l) => !('name' in l))).toBe(true);
  });

  it('a throttled warning writes once per interval, counting what it left out', () => {
    const { lines, logger } = capture();
    const warn = throttledWarn(logger, 'Redis failing', 1_000);
    for (let ms = 0; ms < 2_500; ms += 100) warn(new Error('down'), ms);
    expect(lines.map((l) => [l.msg, l.suppressed])).toEqual([
      ['Redis failing', 0],
      ['Redis failing', 9],
      ['Redis failing', 9],
    ]);
  });
});
