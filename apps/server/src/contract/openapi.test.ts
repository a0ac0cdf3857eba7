import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESIGN_KIND_INFO, DESIGN_KINDS } from '@loci/domain';
import { createTestApp, type TestApp } from '../test/app.js';

interface Operation {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await createTestApp();
    paths = (t.app.swagger() as unknown as { paths: typeof paths }).paths;
  });
  afterAll(async () => t.close());

  const bodyOf = (path: string, method: string, type = 'application/json') =>
    paths[path]?.[method]?.requestBody?.content[type]?.schema.properties ?? {};

  it('types the design forms, the world forms and the uploads with the schemas the server checks them with', () => {
    for (const kind of DESIGN_KINDS) {
      const { segment } = DESIGN_KIND_INFO[kind];
      expect(Object.keys(bodyOf(`/api/design/{gameId}/${segment}`, 'post')), kind).toContain('name');
      expect(Object.keys(bodyOf(`/api/design/{gameId}/${segment}/{id}`, 'patch')), kind).toContain('name');
    }
    expect(bodyOf('/api/design/{gameId}/initialStates/{versionId}', 'post')).toHaveProperty('location');
    expect(bodyOf('/api/instances/{id}/updateWorldStateItem', 'post')).toHaveProperty('reason');
    const multipart = 'multipart/form-data';
    expect(bodyOf('/api/design/{gameId}/medias', 'post', multipart)).toHaveProperty('file');
    expect(bodyOf('/api/play/instances/{instanceId}/media', 'post', multipart)).toHaveProperty('file');
    expect(bodyOf('/api/users/account/photo', 'post', multipart)).toHaveProperty('file');
    expect(bodyOf('/api/design/games/import', 'post', multipart)).toHaveProperty('bundle');
  });

  it('documents the refusals of the accounts and admin routes, in the one error shape with its codes', () => {
    const refusal = (path: string, method: string, status: number) =>
      paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema.properties;
    expect(refusal('/api/users/login', 'post', 403)).toHaveProperty(
      'errorCode.enum',
      expect.arrayContaining(['PENDING_CONFIRMATION']),
    );
    expect(refusal('/api/design/games', 'get', 403)).toHaveProperty('message');
    expect(refusal('/api/users/account', 'get', 401)).toHaveProperty('message');
    expect(refusal('/api/admin/dashboard-stats', 'get', 403)).toHaveProperty('message');
    // Every error status of every route has the error shape.
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          const schema = response.content?.['application/json']?.schema;
          expect(schema?.properties, `${method} ${path} ${status}`).toHaveProperty('message');
        }
      }
    }
  });
});
