import { openForTestFile } from '@inbox/platform/testing';
import type { Client } from './http';
import { simulatorOf } from './simulator';
import { startTestSystem, type TestSystem } from './system';
import { adminOf } from './world';

/** The test system of one test file, with what nearly every scenario starts from. */
export interface SystemForTestFile extends TestSystem {
  /** A REST client of the gateway. */
  api: Client;
  /** The bootstrap Admin's access token. */
  admin: string;
  /** The bundled WhatsApp simulator's control API. */
  sim: ReturnType<typeof simulatorOf>;
}

/**
 * Starts the whole product before the tests of the file (or of the `describe` it is called in),
 * signs the bootstrap Admin in, and stops it all after them: in place of a `let t`, `let api`,
 * `let admin` with their own beforeAll and afterAll. Its fields are there once beforeAll ran.
 *
 *     const t = systemForTestFile();
 *     it('…', async () => expect((await t.api.get('/tags', { token: t.admin })).status).toBe(200));
 */
export function systemForTestFile(options: Parameters<typeof startTestSystem>[0] = {}): SystemForTestFile {
  return openForTestFile(async () => {
    const t = await startTestSystem(options);
    try {
      const { api, token } = await adminOf(t);
      return { ...t, api, admin: token, sim: simulatorOf(t), close: () => t.stop() };
    } catch (error) {
      await t.stop();
      throw error;
    }
  });
}
