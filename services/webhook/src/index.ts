export { webhookConfigSchema, webhookSettingsSchema, type WebhookConfig, type WebhookSettings } from './config.ts';
export { startWebhook } from './start.ts';
