import { eventually, type Client } from './http';

/** Template bodies and steps the template scenarios share. */

/** A UTILITY template with one body variable, as POST /templates takes it. */
export const templateBody = (name: string, overrides: Record<string, unknown> = {}) => ({
  name,
  category: 'UTILITY',
  language: 'es_MX',
  components: [
    {
      type: 'BODY',
      text: 'Hola {{1}}, tu pedido está listo.',
      example: { body_text: [['Ana']] },
    },
    { type: 'FOOTER', text: 'Tienda Ejemplo' },
  ],
  ...overrides,
});

/** Waits until the template has the status (WhatsApp's review arrives by webhook, then the bus). */
export async function waitForStatus(
  api: Client,
  token: string,
  id: string,
  status: string,
  timeoutMs = 20_000,
): Promise<Record<string, any>> {
  let template: Record<string, any> = {};
  await eventually(async () => {
    const res = await api.get(`/templates/${id}`, { token });
    template = res.body;
    if (template.status !== status) throw new Error(`template ${id} is ${template.status}, not ${status}`);
  }, timeoutMs);
  return template;
}

/** Creates and submits a template, then waits for the simulator's automatic approval. */
export async function approvedTemplate(
  api: Client,
  token: string,
  name: string,
  overrides: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const created = await api.post('/templates', templateBody(name, overrides), { token });
  if (created.status !== 201) throw new Error(`template: ${created.status} ${JSON.stringify(created.body)}`);
  return waitForStatus(api, token, created.body.id, 'APPROVED');
}

/** A multipart body as fetch would send it: the bytes and their content type (with the boundary). */
export async function multipart(
  fields: Record<string, string>,
  file?: { bytes: Buffer; type: string; name: string },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    rawBody: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

/** POST /templates/upload-media through the test client (so the answer is checked against the OpenAPI document). */
export async function uploadHeaderMedia(
  api: Client,
  token: string,
  file: { bytes: Buffer; type: string; name: string } | undefined,
  headerType: string | undefined,
) {
  const body = await multipart(headerType === undefined ? {} : { headerType }, file);
  return api.send('POST', '/templates/upload-media', { token, ...body });
}

/** A small valid PNG header (signature + padding: WhatsApp's simulator checks the type, not the pixels). */
export const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4096, 3)]);
