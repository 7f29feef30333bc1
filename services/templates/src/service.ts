import type * as grpc from '@grpc/grpc-js';
import { loadServiceDefinition } from '@inbox/contracts';
import type { ServiceBinding } from '@inbox/platform';
import type { TemplatesDeps } from './deps';
import type { TemplatesImpl } from './grpc/encode';
import { sendHandlers } from './grpc/send.handlers';
import { syncHandlers } from './grpc/sync.handlers';
import { templateHandlers } from './grpc/templates.handlers';

export const templatesServiceDefinition = (): grpc.ServiceDefinition =>
  loadServiceDefinition('templates.v1.TemplatesService');

export function templatesBinding(deps: TemplatesDeps): ServiceBinding {
  const implementation: TemplatesImpl = {
    ...templateHandlers(deps),
    ...syncHandlers(deps),
    ...sendHandlers(deps),
  };
  return {
    definition: templatesServiceDefinition(),
    implementation,
  };
}
