import { randomBytes } from 'node:crypto';
import { startSimulator } from '@inbox/whatsapp-sim';

/** The channel the bootstrap organization gets, and the webhook settings the gateway checks. */
export interface WhatsAppWiring {
  channel: {
    phoneNumberId: string;
    wabaId: string;
    accessToken: string;
    displayPhoneNumber?: string;
    apiBaseUrl: string;
    apiVersion: string;
  };
  webhooks: { appSecret: string; verifyToken: string };
  /** The Meta app of the Resumable Upload API (template header samples); unset: uploads answer 503. */
  appId?: string;
  /** Set once the gateway listens: where the simulator posts its webhooks. */
  connect(gatewayPort: number): void;
  simulatorUrl?: string;
  stop(): Promise<void>;
}

export interface RealWhatsApp {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  displayPhoneNumber?: string;
  apiBaseUrl: string;
  apiVersion: string;
  appSecret: string;
  verifyToken: string;
  appId?: string;
}

/** The simulator's Meta app, whose Resumable Upload API takes template header samples. */
export const SIMULATOR_APP_ID = '300000000000001';

/** With Meta credentials, the real Cloud API; without, the bundled simulator on a loopback port. */
export async function wireWhatsApp(real: RealWhatsApp | undefined): Promise<WhatsAppWiring> {
  if (real) {
    const { appSecret, verifyToken, appId, ...channel } = real;
    return {
      channel,
      webhooks: { appSecret, verifyToken },
      appId,
      connect: () => undefined,
      stop: async () => undefined,
    };
  }
  const appSecret = randomBytes(16).toString('hex');
  const accessToken = `sim-${randomBytes(16).toString('hex')}`;
  const phoneNumberId = '100000000000001';
  const wabaId = '200000000000001';
  const simulator = await startSimulator({
    appSecret,
    accessToken,
    phoneNumberId,
    wabaId,
    displayPhoneNumber: '15550100001',
    appId: SIMULATOR_APP_ID,
  });
  return {
    channel: {
      phoneNumberId,
      wabaId,
      accessToken,
      displayPhoneNumber: '+1 555 010 0001',
      apiBaseUrl: simulator.url,
      apiVersion: 'v23.0',
    },
    webhooks: { appSecret, verifyToken: randomBytes(8).toString('hex') },
    appId: SIMULATOR_APP_ID,
    connect: (port) => simulator.setWebhookUrl(`http://127.0.0.1:${port}/api/v1/webhooks/whatsapp`),
    simulatorUrl: simulator.url,
    stop: () => simulator.stop(),
  };
}
