import { conflict, DomainError, notFound } from '../errors';
import { MAX_BULK, runBulk } from './bulk';

describe('runBulk', () => {
  it('runs each distinct id once and reports domain refusals as failure rows', async () => {
    const seen: string[] = [];
    const outcome = await runBulk(['a', 'b', 'a', 'c'], async (id) => {
      seen.push(id);
      if (id === 'b') throw notFound('User');
      if (id === 'c') throw conflict('LAST_ADMIN', 'The last Admin cannot go');
    });
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(outcome).toEqual({
      succeeded: ['a'],
      failed: [
        { id: 'b', code: 'NOT_FOUND', message: 'User not found' },
        { id: 'c', code: 'LAST_ADMIN', message: 'The last Admin cannot go' },
      ],
    });
  });

  it('stops on anything but a DomainError: a bug or an outage is no failure row', async () => {
    const seen: string[] = [];
    const run = runBulk(['a', 'b', 'c'], async (id) => {
      seen.push(id);
      if (id === 'b') throw new Error('connection lost');
    });
    await expect(run).rejects.toThrow('connection lost');
    expect(seen).toEqual(['a', 'b']);
  });

  it(`refuses more than ${MAX_BULK} distinct ids on selection before running any`, async () => {
    const ids = Array.from({ length: MAX_BULK + 1 }, (_, i) => `id-${i}`);
    let runs = 0;
    const error = await runBulk(ids, async () => void runs++).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'invalid', fields: [{ path: 'selection' }] });
    expect(runs).toBe(0);
  });

  it('counts distinct ids against the cap, and takes a smaller cap', async () => {
    const many = Array.from({ length: MAX_BULK + 10 }, () => 'same');
    expect((await runBulk(many, async () => undefined)).succeeded).toEqual(['same']);
    await expect(runBulk(['a', 'b', 'c'], async () => undefined, { max: 2 })).rejects.toMatchObject({
      fields: [{ path: 'selection' }],
    });
  });
});
