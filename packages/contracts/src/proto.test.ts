import { loadServiceConstructor, loadServiceDefinition, type KnownServiceName } from './proto';

describe('typed proto loading', () => {
  it.each<[KnownServiceName, string]>([
    ['directory.v1.DirectoryService', 'Login'],
    ['inbox.v1.InboxService', 'ListConversations'],
    ['templates.v1.TemplatesService', 'SendTemplate'],
    ['grpc.health.v1.Health', 'Check'],
  ])('loads %s with its methods', (name, method) => {
    const ctor = loadServiceConstructor(name);
    expect(ctor.service[method].path).toBe(`/${name}/${method}`);
    expect(loadServiceDefinition(name)).toBe(ctor.service);
  });

  it('loads each proto file once, so every caller shares one constructor', () => {
    expect(loadServiceConstructor('inbox.v1.InboxService')).toBe(
      loadServiceConstructor('inbox.v1.InboxService'),
    );
  });

  it('refuses a name it does not know', () => {
    // A cast stands in for a caller that escaped the type checker.
    const unknown = 'inbox.v1.MailboxService' as KnownServiceName;
    expect(() => loadServiceConstructor(unknown)).toThrow('Unknown gRPC service inbox.v1.MailboxService');
  });
});
