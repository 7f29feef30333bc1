// The role and organization checks every service applies (the gateway is not the only way in).
export { actorOf, requireAdmin, requireOrganization } from '@inbox/platform';
