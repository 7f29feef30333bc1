import { HEADER_MEDIA_TYPES } from '@inbox/contracts';
import { ROUTES } from '../routes';
import { buildOpenApi } from './openapi';

type Schema = {
  type?: string;
  format?: string;
  enum?: string[];
  properties?: Record<string, Schema>;
  required?: string[];
};
type Operation = { requestBody?: { required: boolean; content: Record<string, { schema: Schema }> } };

const doc = buildOpenApi(ROUTES, 'test') as unknown as { paths: Record<string, Record<string, Operation>> };
const form = (path: string) =>
  doc.paths[`/api/v1${path}`]!.post!.requestBody!.content['multipart/form-data']!.schema;

describe('uploads document their form fields', () => {
  const uploads = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.values(operations)
      .filter((op) => op.requestBody?.content['multipart/form-data'])
      .map((op) => [path, op] as const),
  );

  it('finds the uploads', () => expect(uploads.length).toBeGreaterThanOrEqual(3));

  it.each(uploads)('%s: a required binary file', (_path, op) => {
    const schema = op.requestBody!.content['multipart/form-data']!.schema;
    expect(op.requestBody!.required).toBe(true);
    expect(schema).toMatchObject({ type: 'object', required: expect.arrayContaining(['file']) });
    expect(schema.properties?.file).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('POST /templates/upload-media: file and headerType', () => {
    expect(form('/templates/upload-media')).toMatchObject({
      properties: { headerType: { type: 'string', enum: [...HEADER_MEDIA_TYPES] } },
      required: ['file', 'headerType'],
    });
  });

  it('POST /conversations/{id}/messages/media: file and an optional caption', () => {
    const schema = form('/conversations/{id}/messages/media');
    expect(schema.properties?.caption).toMatchObject({ type: 'string' });
    expect(schema.required).toEqual(['file']);
  });
});
