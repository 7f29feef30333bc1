import path from 'node:path';
import express, { type Router } from 'express';

const swaggerUiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Inbox API</title>
  <link rel="stylesheet" href="/api/v1/docs/assets/swagger-ui.css" />
</head>
<body>
  <div id="docs"></div>
  <script src="/api/v1/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/v1/docs/init.js"></script>
</body>
</html>`;

const init = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#docs', deepLinking: true });`;

/** The API reference page; its assets come from the installed swagger-ui-dist, nothing from the internet. */
export function docsRouter(document: object): Router {
  const router = express.Router();
  router.get('/openapi.json', (_req, res) => {
    res.json(document);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').send(page);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.type('application/javascript').send(init);
  });
  router.use('/docs/assets', express.static(swaggerUiDir, { index: false, maxAge: '1d' }));
  return router;
}
