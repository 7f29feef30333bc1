import express, { type Response, type Router } from 'express';
import { MIN_PASSWORD_LENGTH } from '@inbox/contracts';
import { ACCOUNT_PAGE_SCRIPT, ACCOUNT_PAGE_STYLE } from './account-page-assets';

/**
 * The pages that e-mailed links open (`{base}/accept-invite?token=…`, `{base}/reset-password?token=…`)
 * when the operator has no front end of their own. Plain HTML; the one script is a separate file,
 * so the policy below can forbid inline scripts.
 */
interface AccountPage {
  path: string;
  title: string;
  intro: string;
  submit: string;
  /** The public API endpoint the form posts `{ token, password }` to. */
  endpoint: string;
  done: string;
}

const PAGES: AccountPage[] = [
  {
    path: '/accept-invite',
    title: 'Join the inbox',
    intro: 'Choose a password to accept your invitation.',
    submit: 'Set password and join',
    endpoint: '/api/v1/auth/accept-invite',
    done: 'Welcome! Your password is set: sign in as {email} with this password.',
  },
  {
    path: '/reset-password',
    title: 'Set a new password',
    intro: 'Choose a new password. Every other session will be signed out.',
    submit: 'Set new password',
    endpoint: '/api/v1/auth/reset-password',
    done: 'Your new password is set: sign in as {email} with it.',
  },
];

const ASSETS = '/account-assets';

// The token is in the address: no referrer leaves the page, nothing is cached, nothing is framed.
const SECURITY_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function html(page: AccountPage): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>${e(page.title)}</title>
  <link rel="stylesheet" href="${ASSETS}/account.css" />
  <script src="${ASSETS}/account.js" defer></script>
</head>
<body>
  <main>
    <h1>${e(page.title)}</h1>
    <p id="intro">${e(page.intro)}</p>
    <noscript><p>This page needs JavaScript to send your new password.</p></noscript>
    <form id="account-form" data-endpoint="${e(page.endpoint)}" data-done="${e(page.done)}" novalidate hidden>
      <div class="field">
        <label for="password">New password</label>
        <input id="password" name="password" type="password" autocomplete="new-password"
          minlength="${MIN_PASSWORD_LENGTH}" maxlength="1000" required aria-describedby="password-hint" />
        <p id="password-hint" class="hint">At least ${MIN_PASSWORD_LENGTH} characters.</p>
      </div>
      <div class="field">
        <label for="confirm">Repeat the password</label>
        <input id="confirm" name="confirm" type="password" autocomplete="new-password" required />
      </div>
      <button type="submit">${e(page.submit)}</button>
    </form>
    <p id="message" role="alert" tabindex="-1"></p>
  </main>
</body>
</html>`;
}

function sendAsset(res: Response, type: string, body: string): void {
  res.set({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'public, max-age=3600' });
  res.type(type).send(body);
}

/** Mounted at the root, beside /api/v1: the links' default base is the gateway's PUBLIC_URL. */
export function accountPagesRouter(): Router {
  const router = express.Router();
  for (const page of PAGES) {
    const body = html(page);
    router.get(page.path, (_req, res) => {
      res.set(SECURITY_HEADERS).type('html').send(body);
    });
  }
  router.get(`${ASSETS}/account.js`, (_req, res) =>
    sendAsset(res, 'application/javascript', ACCOUNT_PAGE_SCRIPT),
  );
  router.get(`${ASSETS}/account.css`, (_req, res) => sendAsset(res, 'text/css', ACCOUNT_PAGE_STYLE));
  return router;
}
