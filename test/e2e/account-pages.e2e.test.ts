import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_PATH, hasBrowser, launchBrowser } from '../support/browser';
import { ADMIN } from '../support/system';
import { systemForTestFile } from '../support/suite';

// The pages are the product's answer to a click in an e-mail: they are tested in a real browser.
// A browser beside the whole product on a busy CI machine: allow more than the default minute.
jest.setTimeout(120_000);
const browserTest = hasBrowser() ? describe : describe.skip;
if (!hasBrowser())
  console.warn(
    `account pages: no browser at ${CHROMIUM_PATH}; browser tests skipped (apt-get install chromium, or set CHROMIUM_PATH)`,
  );

let browser: Browser;
let page: Page;
let origin: string;

browserTest('account pages in a browser', () => {
  const t = systemForTestFile();
  beforeAll(async () => {
    origin = new URL(t.baseUrl).origin;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    page = await browser.newPage();
  });
  afterEach(() => page.close());

  /** The link from the last e-mail to `to`, opened on this gateway (the test system's PUBLIC_URL is fictitious). */
  const linkFor = (to: string) => {
    const mail = [...t.mails].reverse().find((m) => m.to === to);
    const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
    if (!link) throw new Error(`no link mailed to ${to}`);
    const url = new URL(link);
    return `${origin}${url.pathname}${url.search}`;
  };
  const signIn = (email: string, password: string) =>
    t.api.post('/auth/login', { clientId: ADMIN.clientId, email, password });
  const message = () => page.getByRole('alert');

  async function setPassword(password: string, confirmation = password) {
    await page.getByLabel('New password').fill(password);
    await page.getByLabel('Repeat the password').fill(confirmation);
    await page.getByRole('button').click();
  }

  it('accepts an invitation: the person sets a password and can sign in', async () => {
    await t.api.post('/users', { email: 'browser-invite@example.com', name: 'Bea' }, { token: t.admin });
    const link = linkFor('browser-invite@example.com');
    const res = await page.goto(link);
    expect(res?.status()).toBe(200);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(res?.headers()['referrer-policy']).toBe('no-referrer');
    expect(await page.title()).toBe('Join the inbox');
    // The one-time token leaves the address bar once read.
    await page.waitForFunction('!location.search');

    await setPassword('short');
    await expect(message().textContent()).resolves.toContain('at least 10 characters');
    expect(await page.getByLabel('New password').getAttribute('aria-invalid')).toBe('true');
    await setPassword('bea-password-1', 'bea-password-2');
    await expect(message().textContent()).resolves.toContain('not the same');

    await setPassword('bea-password-1');
    await page.getByText('Welcome!').waitFor();
    expect(await message().textContent()).toContain('browser-invite@example.com');
    expect(await page.locator('form').isHidden()).toBe(true);
    expect((await signIn('browser-invite@example.com', 'bea-password-1')).status).toBe(200);

    // The same link again: refused, with a way forward.
    await page.goto(link);
    await setPassword('someone-else-1');
    await page.getByText('invalid, already used or expired').waitFor();
    expect((await signIn('browser-invite@example.com', 'bea-password-1')).status).toBe(200);
  });

  it('resets a password from the link an Admin sent', async () => {
    await t.api.post('/users', { email: 'browser-reset@example.com', name: 'Rob' }, { token: t.admin });
    await page.goto(linkFor('browser-reset@example.com'));
    await setPassword('rob-password-1');
    await page.getByText('Welcome!').waitFor();
    const rob = (await t.api.get('/users?search=browser-reset', { token: t.admin })).body.data[0];

    expect((await t.api.post(`/users/${rob.id}/reset-password`, undefined, { token: t.admin })).status).toBe(
      200,
    );
    const res = await page.goto(linkFor('browser-reset@example.com'));
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    expect(res?.headers()['cache-control']).toBe('no-store');
    await setPassword('rob-password-2');
    await page.getByText('Your new password is set').waitFor();
    expect((await signIn('browser-reset@example.com', 'rob-password-1')).status).toBe(401);
    expect((await signIn('browser-reset@example.com', 'rob-password-2')).status).toBe(200);
  });

  it('says so when the link is incomplete, and runs no inline script', async () => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${origin}/accept-invite`);
    await page.getByText('This link is incomplete').waitFor();
    expect(await page.locator('form').isHidden()).toBe(true);
    expect(violations).toEqual([]);
  });
});
