// Jest's hooks are globals inside a test file; declared here so the platform builds without Jest's types.
declare const beforeAll: (fn: () => Promise<void>, timeoutMs?: number) => void;
declare const afterAll: (fn: () => Promise<void>) => void;

/**
 * What `open` gives (a test bed, a database), shared by the tests of one file: filled in before
 * they run and closed after them, in place of a `let` with its own beforeAll and afterAll. Its own
 * properties are copied in, so `open` answers a plain object (as the test beds do), not a class.
 *
 *     const testbed = openForTestFile(createInboxTestbed);
 */
export function openForTestFile<T extends { close(): Promise<void> }>(
  open: () => Promise<T>,
  options: { timeoutMs?: number } = {},
): T {
  const opened = {} as T;
  beforeAll(async () => {
    Object.assign(opened, await open());
  }, options.timeoutMs);
  afterAll(async () => {
    // Nothing to close when opening failed.
    await opened.close?.();
  });
  return opened;
}
