export { webhookConfigSchema, webhookSettingsSchema, type WebhookConfig, type WebhookSettings } from './config.ts';
export { createApp, startWebhook, webhookService, type WebhookDependencies } from './service.ts';
export { webhookOperations } from './service.ts';
export { DELIVERED_EVENTS, deliveryHeaders } from './domain/event-schemas.ts';
