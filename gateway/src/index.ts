export { startGateway, type GatewayOptions, type RunningGateway } from './gateway';
export { createGatewayApp } from './app';
export { rateLimitSchema, type RateLimitSettings } from './config';
export { ROUTES } from './routes';
