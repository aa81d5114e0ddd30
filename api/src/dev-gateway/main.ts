// The development gateway as its own process (`node api/dist/dev-gateway/main.js`; `npm start` runs it beside the API
// unless RAZORPAY_API_URL names a real gateway). Environment: DEV_GATEWAY_PORT (8090), DEV_GATEWAY_HOST (127.0.0.1),
// DEV_GATEWAY_DATA_DIR (in memory when unset), RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET (the dev
// defaults of defaults.ts), DEV_GATEWAY_WEBHOOK_URL (no webhooks when unset), DEV_GATEWAY_CHAOS=on (duplicates,
// reordering, webhooks before the rider is back).
import { DEV_GATEWAY_CHAOS_ON, DEV_GATEWAY_DEFAULTS } from './defaults';
import { startDevGateway } from './server';

async function main(): Promise<void> {
  const env = process.env;
  const port = env.DEV_GATEWAY_PORT ? Number(env.DEV_GATEWAY_PORT) : DEV_GATEWAY_DEFAULTS.port;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`DEV_GATEWAY_PORT must be a port number, got ${env.DEV_GATEWAY_PORT}`);
  const chaos = env.DEV_GATEWAY_CHAOS === 'on';
  const gw = await startDevGateway({
    port,
    host: env.DEV_GATEWAY_HOST || DEV_GATEWAY_DEFAULTS.host,
    dataDir: env.DEV_GATEWAY_DATA_DIR || undefined,
    keyId: env.RAZORPAY_KEY_ID || DEV_GATEWAY_DEFAULTS.keyId,
    keySecret: env.RAZORPAY_KEY_SECRET || DEV_GATEWAY_DEFAULTS.keySecret,
    webhookUrl: env.DEV_GATEWAY_WEBHOOK_URL || undefined,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET || DEV_GATEWAY_DEFAULTS.webhookSecret,
    chaos: chaos ? { ...DEV_GATEWAY_CHAOS_ON } : undefined,
  });
  console.log(
    `Sawari Dev Gateway (Razorpay test mode) on ${gw.url}${chaos ? ', chaos on' : ''}; webhooks to ${env.DEV_GATEWAY_WEBHOOK_URL || '(none)'}; test UPI app ${gw.url}/upi-app`,
  );
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      gw.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((err: unknown) => {
  console.error(`Dev gateway failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
