import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildProduct, startProduct, type ProductProcess } from '../durability/product-process';
import { client } from '../support/http';

/*
 * No known default Admin: `npm start`'s real entry, on an empty data directory, generates the
 * bootstrap Admin's password and prints it once; a restart prints nothing and the password stays.
 * Always embedded (the helper strips DATABASE_URL and friends): the bootstrap is the same code in
 * both modes, and it needs an organization 1 that does not exist yet.
 */
let dataDir: string;
let product: ProductProcess | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bootstrap-admin-'));
  await buildProduct();
}, 300_000);
afterAll(async () => {
  await product?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = () =>
  startProduct({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, 120_000);
const signIn = (baseUrl: string, password: string) =>
  client(baseUrl).post('/auth/login', { clientId: 1, email: 'admin@example.com', password });

it('prints a generated password once; the old default does not work', async () => {
  product = await start();
  const printed = /Created organization 1 with Admin admin@example\.com \/ (\S+)/.exec(product.tail());
  expect(printed).not.toBeNull();
  const password = printed![1];
  expect(password).toMatch(/^[\w-]{20}$/);
  expect(product.tail()).toContain('npm run admin:reset-password');
  expect((await signIn(product.baseUrl, 'change-me-please')).status).toBe(401);
  expect((await signIn(product.baseUrl, password)).status).toBe(200);
  await product.stop();

  product = await start();
  expect(product.tail()).not.toContain(password);
  expect(product.tail()).not.toContain('Created organization');
  expect((await signIn(product.baseUrl, password)).status).toBe(200);
}, 300_000);
