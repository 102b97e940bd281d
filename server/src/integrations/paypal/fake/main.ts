/**
 * The fake PayPal on its own, for a local demo of billing without PayPal's sandbox:
 *   npx tsx server/src/integrations/paypal/fake/main.ts
 * then start the app with INTEGRATION_ALLOWED_ORIGINS set to the printed origin, configure PayPal
 * on /admin/paypal with the printed values, and sync the plans. Approving a subscription on the
 * fake's page delivers the signed webhook to PAYPAL_FAKE_WEBHOOK_TARGET (default: the app on
 * localhost:3000). Port: PAYPAL_FAKE_PORT (default 8091).
 */
import { startFakePaypal } from './server';

const port = Number(process.env.PAYPAL_FAKE_PORT ?? 8091);
const fake = await startFakePaypal({ port: Number.isInteger(port) ? port : 8091 });
fake.webhookTarget = process.env.PAYPAL_FAKE_WEBHOOK_TARGET ?? 'http://localhost:3000/api/paypal/webhook';
console.log(`Fake PayPal at ${fake.origin}
  INTEGRATION_ALLOWED_ORIGINS=${fake.origin}
  client id:     ${fake.clientId}
  client secret: ${fake.clientSecret}
  webhook id:    ${fake.webhookId}
  api base URL:  ${fake.origin}
  webhooks go to ${fake.webhookTarget}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
