/** The public contract's building blocks: operations described by the services' own zod schemas, and the OpenAPI 3.1 document built from them. */
export type {
  Operation,
  OperationContext,
  OperationDescription,
  OperationResponse,
  OutsideApiAccess,
  OutsideApiOperation,
  WebhookEventDescription,
} from './contract/operation.ts';
export { openApiDocument, type DocumentExtras, type DocumentInfo, type DocumentTag } from './contract/document.ts';
export { deprecationHeaders, type Deprecation } from './contract/deprecation.ts';
export { named, withAnswerExample, withExample } from './contract/named-schema.ts';
export { pageOf, pageQuery } from './contract/page-schema.ts';
export { problemSchema } from './contract/problem-schema.ts';
export { assetBody, storedAssetBody, type AssetBody, type StoredAssetBody } from './contract/asset-schema.ts';
export { pathSegmentText, queryText } from './contract/request-text.ts';
