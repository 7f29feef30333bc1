/**
 * The account pages' script and style, served as files (`/account-assets/…`) so the pages'
 * Content-Security-Policy can refuse inline code. Plain browser JavaScript, no build step: the
 * form posts `{ token, password }` to the endpoint named on the form and reports the answer in a
 * live region. Tested in a real browser by test/e2e/account-pages.e2e.test.ts.
 */
export const ACCOUNT_PAGE_SCRIPT = String.raw`(function () {
  'use strict';
  var form = document.getElementById('account-form');
  var message = document.getElementById('message');
  var password = document.getElementById('password');
  var confirmation = document.getElementById('confirm');
  var button = form.querySelector('button');
  var token = new URLSearchParams(location.search).get('token');
  // The one-time token leaves the address bar (and the history) once read.
  if (location.search) history.replaceState(null, '', location.pathname);

  function show(text, kind, field) {
    message.textContent = text;
    message.className = kind;
    [password, confirmation].forEach(function (input) {
      if (input === field) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    });
    (field || message).focus();
  }

  function refusal(status, problem, retryAfter) {
    if (status === 401) return 'This link is invalid, already used or expired. Ask your Admin for a new one.';
    if (status === 429) return 'Too many attempts. Try again in ' + (retryAfter || 'a few') + ' seconds.';
    if (status === 400 && problem.errors && problem.errors.length)
      return problem.errors.map(function (e) { return e.message; }).join(' ');
    return (problem.detail || 'Something went wrong') + ' (error ' + status + ').';
  }

  if (!token) {
    show('This link is incomplete: open the whole link from your e-mail, or ask your Admin for a new one.', 'error');
    return;
  }
  form.hidden = false;
  password.focus();

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var min = Number(password.getAttribute('minlength'));
    if (password.value.length < min)
      return show('The password needs at least ' + min + ' characters.', 'error', password);
    if (confirmation.value !== password.value)
      return show('The two passwords are not the same.', 'error', confirmation);
    button.disabled = true;
    message.textContent = 'Saving…';
    message.className = 'info';
    fetch(form.getAttribute('data-endpoint'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'omit',
      body: JSON.stringify({ token: token, password: password.value }),
    })
      .then(function (res) {
        return res.json().catch(function () { return {}; }).then(function (body) {
          if (res.ok) {
            form.reset();
            form.hidden = true;
            var email = body.user && body.user.email ? body.user.email : 'your e-mail address';
            return show(form.getAttribute('data-done').replace('{email}', email), 'success');
          }
          if (res.status === 401) form.hidden = true;
          show(refusal(res.status, body, res.headers.get('retry-after')), 'error');
        });
      })
      .catch(function () {
        show('The server could not be reached. Check your connection and try again.', 'error');
      })
      .then(function () { button.disabled = false; });
  });
})();
`;

export const ACCOUNT_PAGE_STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
main { max-width: 26rem; margin: 4rem auto; padding: 0 1rem; }
.field { margin: 1rem 0; }
label { display: block; font-weight: 600; }
input { box-sizing: border-box; width: 100%; padding: 0.5rem; font: inherit; }
input[aria-invalid='true'] { outline: 2px solid #b91c1c; }
.hint { margin: 0.25rem 0 0; font-size: 0.9rem; }
button { padding: 0.6rem 1rem; font: inherit; cursor: pointer; }
button:disabled { cursor: progress; }
:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
#message:empty { display: none; }
#message { padding: 0.75rem; border-radius: 0.25rem; border: 1px solid; }
#message.error { border-color: #b91c1c; }
#message.success { border-color: #15803d; }
`;
